// The real MirrorCheckpointTask of the release on the classpath, through its constructor for tests,
// over a RealStore: source alias A, target alias B, DefaultReplicationPolicy, the release's
// DefaultTopicFilter with its default configuration. A poll runs sourceRecordsForGroup() for each
// group in order, as poll() does after its wait, with the source admin client answering the group
// offsets the script set; the group-offset sync runs the real syncGroupOffset() over the idle target
// groups the script set (what the refresh job would have remembered).
package org.driftscope.reference;

import static org.driftscope.reference.Reflect.invoke;

import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.connect.source.SourceRecord;
import org.mockito.Mockito;

final class RealCheckpointTask {
    private static final Class<?> TASK = Reflect.mm2Class("MirrorCheckpointTask");
    private static final Class<?> CHECKPOINT = Reflect.mm2Class("Checkpoint");
    private static final Method RECORDS_FOR_GROUP = Reflect.requireMethod(TASK, "sourceRecordsForGroup", 1);
    private static final Method SYNC_GROUP_OFFSET = Reflect.requireMethod(TASK, "syncGroupOffset", 0);
    private static final Method DESERIALIZE = Reflect.requireMethod(CHECKPOINT, "deserializeRecord", 1);
    private static final Method CP_GROUP = Reflect.requireMethod(CHECKPOINT, "consumerGroupId", 0);
    private static final Method CP_TP = Reflect.requireMethod(CHECKPOINT, "topicPartition", 0);
    private static final Method CP_UPSTREAM = Reflect.requireMethod(CHECKPOINT, "upstreamOffset", 0);
    private static final Method CP_DOWNSTREAM = Reflect.requireMethod(CHECKPOINT, "downstreamOffset", 0);
    private static final Method CP_METADATA = Reflect.requireMethod(CHECKPOINT, "metadata", 0);

    private final Object task;
    // Committed source offsets per group, as listConsumerGroupOffsets answers them (null values
    // are null OffsetAndMetadata entries).
    private final Map<String, Map<TopicPartition, OffsetAndMetadata>> groupOffsets = new HashMap<>();
    // The idle (EMPTY) target groups' committed offsets, shared with the task.
    private final Map<String, Map<TopicPartition, OffsetAndMetadata>> idle = new HashMap<>();

    // `restored`: 3.7.1+, the checkpoint memory the CheckpointStore loaded, or null when its load
    // failed; ignored by earlier releases, which start with an empty memory.
    RealCheckpointTask(RealStore store, Map<String, Map<TopicPartition, Object>> restored) {
        task = newTask(store.store, restored);
        Object admin = Mockito.mock(Reflect.field(TASK, "sourceAdminClient").getType(), invocation -> {
            if (!invocation.getMethod().getName().equals("listConsumerGroupOffsets"))
                return null;
            String group = invocation.getArgument(0);
            return groupOffsetsResult(groupOffsets.getOrDefault(group, Collections.emptyMap()));
        });
        Reflect.set(task, "sourceAdminClient", admin);
        Reflect.set(task, "topicFilter", defaultTopicFilter());
    }

    private Object newTask(Object store, Map<String, Map<TopicPartition, Object>> restored) {
        Constructor<?> chosen = Reflect.taskTestConstructor(TASK);
        Class<?>[] types = chosen.getParameterTypes();
        Object[] args = new Object[types.length];
        int strings = 0, maps = 0;
        for (int i = 0; i < types.length; i++) {
            Class<?> t = types[i];
            String name = t.getSimpleName();
            if (t == String.class)
                args[i] = strings++ == 0 ? "A" : "B";
            else if (name.equals("ReplicationPolicy"))
                args[i] = RealEmitter.newDefaultPolicy();
            else if (name.equals("OffsetSyncStore"))
                args[i] = store;
            else if (Set.class.isAssignableFrom(t))
                args[i] = new LinkedHashSet<String>(); // consumerGroups: poll() is not called
            else if (Map.class.isAssignableFrom(t))
                args[i] = maps++ == 0 ? idle : new HashMap<>(); // idle offsets, then the checkpoint memory
            else if (name.equals("CheckpointStore"))
                args[i] = checkpointStore(restored);
            else
                throw new IllegalStateException("unexpected MirrorCheckpointTask parameter " + t.getName());
        }
        return Reflect.construct(chosen, args);
    }

    // 3.7.1+: the CheckpointStore's constructor for tests takes the map it would have loaded and
    // counts as loaded; a failed load is the same store with its load marked failed and nothing kept.
    private static Object checkpointStore(Map<String, Map<TopicPartition, Object>> restored) {
        Class<?> type = Reflect.mm2Class("CheckpointStore");
        for (Constructor<?> c : Reflect.testConstructors(type)) {
            if (c.getParameterCount() == 1 && Map.class.isAssignableFrom(c.getParameterTypes()[0])) {
                Object cs = Reflect.construct(c, restored == null ? new HashMap<>() : restored);
                if (restored == null)
                    Reflect.set(cs, "loadSuccess", false);
                return cs;
            }
        }
        throw new IllegalStateException("no CheckpointStore constructor for tests in this release");
    }

    static boolean restoresCheckpoints() {
        return Reflect.exists(Reflect.MM2 + "CheckpointStore");
    }

    static Object newCheckpoint(String group, TopicPartition tp, long upstream, long downstream, String metadata) {
        try {
            Constructor<?> c = CHECKPOINT.getDeclaredConstructor(String.class, TopicPartition.class, long.class,
                    long.class, String.class);
            return c.newInstance(group, tp, upstream, downstream, metadata);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Object defaultTopicFilter() {
        Class<?> type = Reflect.mm2Class("DefaultTopicFilter");
        try {
            Object filter = type.getDeclaredConstructor().newInstance();
            Method configure = Reflect.requireMethod(type, "configure", 1);
            invoke(configure, filter, new HashMap<String, Object>());
            return filter;
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Object groupOffsetsResult(Map<TopicPartition, OffsetAndMetadata> offsets) {
        Class<?> resultType = Reflect.load("org.apache.kafka.clients.admin.ListConsumerGroupOffsetsResult");
        Map<TopicPartition, OffsetAndMetadata> copy = new LinkedHashMap<>(offsets);
        return Mockito.mock(resultType, invocation -> {
            if (invocation.getMethod().getName().equals("partitionsToOffsetAndMetadata")
                    && invocation.getArguments().length == 0)
                return KafkaFuture.completedFuture(copy);
            return null;
        });
    }

    void setOffset(String group, TopicPartition tp, OffsetAndMetadata offset) {
        groupOffsets.computeIfAbsent(group, g -> new LinkedHashMap<>()).put(tp, offset);
    }

    void setIdle(String group, TopicPartition tp, OffsetAndMetadata offset) {
        Map<TopicPartition, OffsetAndMetadata> offsets = idle.computeIfAbsent(group, g -> new HashMap<>());
        if (tp != null)
            offsets.put(tp, offset);
    }

    // One poll over `groups`: the checkpoint lines, sorted, or null when poll() would have failed
    // (an exception in any group: poll() catches it and returns nothing).
    List<String> poll(List<String> groups) {
        List<String> lines = new ArrayList<>();
        try {
            for (String group : groups) {
                @SuppressWarnings("unchecked")
                List<SourceRecord> records = (List<SourceRecord>) invoke(RECORDS_FOR_GROUP, task, group);
                for (SourceRecord r : records) {
                    ConsumerRecord<byte[], byte[]> asRead =
                            new ConsumerRecord<>("A.checkpoints.internal", 0, 0, (byte[]) r.key(), (byte[]) r.value());
                    lines.add(describeCheckpoint(invoke(DESERIALIZE, null, asRead)));
                }
            }
        } catch (RuntimeException e) {
            return null;
        }
        Collections.sort(lines);
        return lines;
    }

    static String describeCheckpoint(Object checkpoint) {
        return "checkpoint " + invoke(CP_GROUP, checkpoint) + " "
                + invoke(CP_TP, checkpoint) + " "
                + invoke(CP_UPSTREAM, checkpoint) + " "
                + invoke(CP_DOWNSTREAM, checkpoint) + " "
                + Driver.quote((String) invoke(CP_METADATA, checkpoint));
    }

    // The real syncGroupOffset(): the writes it decides on, "write GROUP TP D" sorted, or null when
    // it threw (releases before KAFKA-15607 on a null target offset).
    List<String> syncGroups() {
        Map<?, ?> writes;
        try {
            writes = (Map<?, ?>) invoke(SYNC_GROUP_OFFSET, task);
        } catch (RuntimeException e) {
            return null;
        }
        List<String> lines = new ArrayList<>();
        for (Map.Entry<?, ?> group : writes.entrySet())
            for (Map.Entry<?, ?> offset : ((Map<?, ?>) group.getValue()).entrySet())
                lines.add("write " + group.getKey() + " " + offset.getKey() + " "
                        + ((OffsetAndMetadata) offset.getValue()).offset());
        Collections.sort(lines);
        return lines;
    }
}
