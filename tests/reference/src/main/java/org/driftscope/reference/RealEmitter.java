// The real source-task side of offset syncs: MirrorSourceTask through its constructor for tests
// (its own PartitionState, semaphore of 10 permits, pending and delayed maps; from 3.9.0 the
// OffsetSyncWriter it delegates to). The offset-syncs producer is a mock that records each send in
// order and keeps its callback until the script acknowledges it.
package org.driftscope.reference;

import static org.driftscope.reference.Reflect.invoke;

import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Semaphore;
import java.util.function.Consumer;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.Callback;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.connect.source.SourceRecord;
import org.mockito.Mockito;

final class RealEmitter {
    static final String SOURCE_ALIAS = "A";
    static final String SYNCS_TOPIC = "mm2-offset-syncs.B.internal";
    private static final int MAX_OUTSTANDING = 10; // MM2's constant; a fresh task starts with all free

    private static final Class<?> TASK = Reflect.mm2Class("MirrorSourceTask");
    private static final Class<?> SYNC = Reflect.mm2Class("OffsetSync");
    private static final Class<?> UTILS = Reflect.mm2Class("MirrorUtils");
    private static final Method WRAP_PARTITION = Reflect.requireMethod(UTILS, "wrapPartition", 2);
    private static final Method WRAP_OFFSET = Reflect.requireMethod(UTILS, "wrapOffset", 1);
    private static final Method DESERIALIZE = Reflect.requireMethod(SYNC, "deserializeRecord", 1);
    private static final Method COMMIT_RECORD = Reflect.requireMethod(TASK, "commitRecord", 2);
    private static final Method COMMIT = Reflect.requireMethod(TASK, "commit", 0);

    private final long offsetLagMax;
    private final Consumer<String> out;
    private Object task;
    private final ArrayDeque<Callback> outstanding = new ArrayDeque<>();

    RealEmitter(long offsetLagMax, Consumer<String> out) {
        this.offsetLagMax = offsetLagMax;
        this.out = out;
        restart();
    }

    // A new task instance: fresh partition states, queues and permits; sends of the old one are
    // never acknowledged to it.
    void restart() {
        outstanding.clear();
        task = newTask();
    }

    @SuppressWarnings("unchecked")
    private Object newProducer() {
        Class<?> producerClass = Reflect.load("org.apache.kafka.clients.producer.KafkaProducer");
        return Mockito.mock(producerClass, invocation -> {
            if (invocation.getMethod().getName().equals("send") && invocation.getArguments().length == 2) {
                ProducerRecord<byte[], byte[]> record = (ProducerRecord<byte[], byte[]>) invocation.getArgument(0);
                outstanding.add((Callback) invocation.getArgument(1));
                ConsumerRecord<byte[], byte[]> asRead =
                        new ConsumerRecord<>(record.topic(), record.partition(), 0, record.key(), record.value());
                Object sync = invoke(DESERIALIZE, null, asRead);
                TopicPartition tp = (TopicPartition) invoke(RealStore.SYNC_TP, sync);
                out.accept("send " + tp + " " + invoke(RealStore.SYNC_UPSTREAM, sync) + " "
                        + invoke(RealStore.SYNC_DOWNSTREAM, sync));
                return null;
            }
            return null;
        });
    }

    private Object newTask() {
        Object producer = newProducer();
        Semaphore permits = new Semaphore(MAX_OUTSTANDING);
        Object writer = null;
        if (Reflect.exists(Reflect.MM2 + "OffsetSyncWriter")) {
            Class<?> writerClass = Reflect.mm2Class("OffsetSyncWriter");
            for (Constructor<?> c : Reflect.testConstructors(writerClass)) {
                if (c.getParameterCount() == 4 && c.getParameterTypes()[2] == Semaphore.class) {
                    writer = Reflect.construct(c, producer, SYNCS_TOPIC, permits, offsetLagMax);
                    break;
                }
            }
            if (writer == null)
                throw new IllegalStateException("no OffsetSyncWriter constructor for tests in this release");
        }
        Constructor<?> chosen = Reflect.taskTestConstructor(TASK);
        Class<?>[] types = chosen.getParameterTypes();
        Object[] args = new Object[types.length];
        int strings = 0;
        for (int i = 0; i < types.length; i++) {
            Class<?> t = types[i];
            String name = t.getSimpleName();
            if (t == String.class)
                args[i] = strings++ == 0 ? SOURCE_ALIAS : SYNCS_TOPIC;
            else if (t == long.class)
                args[i] = offsetLagMax;
            else if (t == Semaphore.class)
                args[i] = permits;
            else if (Map.class.isAssignableFrom(t))
                args[i] = new HashMap<>();
            else if (name.equals("KafkaProducer"))
                args[i] = producer;
            else if (name.equals("OffsetSyncWriter"))
                args[i] = writer;
            else if (name.equals("ReplicationPolicy"))
                args[i] = newDefaultPolicy();
            else if (name.endsWith("Metrics"))
                args[i] = Mockito.mock(t);
            else
                args[i] = null; // the consumer: commitRecord() and commit() never touch it
        }
        Object task = Reflect.construct(chosen, args);
        // The oldest test constructors (up to 2.8.x) leave the metrics to start(): commitRecord()
        // counts every record there, and its catch-all would otherwise swallow the failure.
        for (java.lang.reflect.Field f : TASK.getDeclaredFields()) {
            if (f.getType().getSimpleName().endsWith("Metrics") && !java.lang.reflect.Modifier.isStatic(f.getModifiers())) {
                f.setAccessible(true);
                setIfNull(task, f.getName(), Mockito.mock(f.getType()));
            }
        }
        // Older test constructors leave the offset-sync fields to start(); fill those left empty.
        if (writer == null) {
            setIfNull(task, "offsetProducer", producer);
            setIfNull(task, "outstandingOffsetSyncs", permits);
            setIfNull(task, "partitionStates", new HashMap<>());
            setIfNull(task, "offsetSyncsTopic", SYNCS_TOPIC);
            setIfNull(task, "pendingOffsetSyncs", new java.util.LinkedHashMap<>());
            setIfNull(task, "delayedOffsetSyncs", new java.util.LinkedHashMap<>());
            Reflect.set(task, "maxOffsetLag", offsetLagMax);
        }
        return task;
    }

    private static void setIfNull(Object target, String field, Object value) {
        if (Reflect.field(target.getClass(), field) != null && Reflect.get(target, field) == null)
            Reflect.set(target, field, value);
    }

    static Object newDefaultPolicy() {
        Class<?> policy = Reflect.load("org.apache.kafka.connect.mirror.DefaultReplicationPolicy");
        try {
            return policy.getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    // The target producer acknowledged the record replicated from `upstream` at `downstream`.
    void commitRecord(TopicPartition tp, long upstream, long downstream) {
        Map<String, ?> partition = (Map<String, ?>) invoke(WRAP_PARTITION, null, tp, SOURCE_ALIAS);
        Map<String, ?> offset = (Map<String, ?>) invoke(WRAP_OFFSET, null, upstream);
        SourceRecord record = new SourceRecord(partition, offset, SOURCE_ALIAS + "." + tp.topic(), tp.partition(),
                null, null, null, null, System.currentTimeMillis());
        invoke(COMMIT_RECORD, task, record, metadata(new TopicPartition(record.topic(), tp.partition()), downstream));
    }

    void commit() {
        invoke(COMMIT, task);
    }

    // The oldest outstanding offset-sync send completes; false when none is outstanding.
    boolean ack() {
        Callback callback = outstanding.poll();
        if (callback == null)
            return false;
        callback.onCompletion(null, null);
        return true;
    }

    // RecordMetadata's constructors changed over the releases: take the one there is.
    private static RecordMetadata metadata(TopicPartition tp, long offset) {
        for (Constructor<?> c : RecordMetadata.class.getConstructors()) {
            Class<?>[] types = c.getParameterTypes();
            if (types.length < 2 || types[0] != TopicPartition.class || types[1] != long.class)
                continue;
            Object[] args = new Object[types.length];
            args[0] = tp;
            args[1] = offset; // baseOffset; the relative offset / batch index below is 0
            for (int i = 2; i < types.length; i++) {
                if (types[i] == long.class)
                    args[i] = 0L;
                else if (types[i] == int.class)
                    args[i] = 0;
                else
                    args[i] = null; // checksum (Long) of the oldest releases
            }
            return (RecordMetadata) Reflect.construct(c, args);
        }
        throw new IllegalStateException("no usable RecordMetadata constructor");
    }
}
