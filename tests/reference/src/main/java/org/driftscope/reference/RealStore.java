// One real OffsetSyncStore of the release on the classpath, fed and read as its checkpoint task
// does: every sync is serialized by the real OffsetSync and handed to the store's own
// handleRecord(); start() / start(boolean) is the release's own start-up with its backing log
// replaced by a mock (so the initial read-to-end is the records handed in before start()).
package org.driftscope.reference;

import static org.driftscope.reference.Reflect.invoke;

import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.util.HashSet;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import org.mockito.Mockito;

final class RealStore {
    private static final Class<?> STORE = Reflect.mm2Class("OffsetSyncStore");
    private static final Class<?> SYNC = Reflect.mm2Class("OffsetSync");
    private static final Constructor<?> SYNC_NEW = syncConstructor();
    private static final Method RECORD_KEY = Reflect.requireMethod(SYNC, "recordKey", 0);
    private static final Method RECORD_VALUE = Reflect.requireMethod(SYNC, "recordValue", 0);
    // Shared with RealEmitter, which prints the syncs its task sends.
    static final Method SYNC_TP = Reflect.requireMethod(SYNC, "topicPartition", 0);
    static final Method SYNC_UPSTREAM = Reflect.requireMethod(SYNC, "upstreamOffset", 0);
    static final Method SYNC_DOWNSTREAM = Reflect.requireMethod(SYNC, "downstreamOffset", 0);
    private static final Method HANDLE = Reflect.requireMethod(STORE, "handleRecord", 1);
    // 3.4.1+: translateDownstream(group, tp, offset); up to 3.4.0: translateDownstream(tp, offset).
    private static final Method TRANSLATE_3 = Reflect.method(STORE, "translateDownstream", 3);
    private static final Method TRANSLATE_2 = Reflect.method(STORE, "translateDownstream", 2);
    // 3.7.1+: start(initializationMustReadToEnd); 3.4.1-3.7.0: start(); before: none.
    private static final Method START_1 = Reflect.method(STORE, "start", 1);
    private static final Method START_0 = Reflect.method(STORE, "start", 0);

    final Object store;
    private final Set<TopicPartition> fed = new HashSet<>();
    private long nextRecordOffset = 0;

    RealStore() {
        this(true);
    }

    // checkpointsRestored: the CheckpointStore loaded (3.7.1+: start(false), history kept).
    RealStore(boolean checkpointsRestored) {
        store = newStore();
        // start(boolean) assigns initializationMustReadToEnd first and then reads the topic to its
        // end through the backing log: the records the script hands in before 'start' are that
        // read, so they must already see the flag start() will assign.
        if (START_1 != null)
            Reflect.set(store, "initializationMustReadToEnd", !checkpointsRestored);
    }

    static boolean gated() {
        return START_1 != null || START_0 != null;
    }

    private static Constructor<?> syncConstructor() {
        try {
            Constructor<?> c = SYNC.getDeclaredConstructor(TopicPartition.class, long.class, long.class);
            c.setAccessible(true);
            return c;
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Object newStore() {
        for (Constructor<?> c : Reflect.testConstructors(STORE)) {
            Class<?>[] types = c.getParameterTypes();
            if (types.length == 0) {
                // 3.4.1+: the constructor for tests leaves the backing log null; a mock stands in
                // for it so that the release's own start() runs.
                Object store = Reflect.construct(c);
                Class<?> log = Reflect.load("org.apache.kafka.connect.util.KafkaBasedLog");
                Reflect.set(store, "backingStore", Mockito.mock(log));
                return store;
            }
            if (types.length == 2 && types[1] == TopicPartition.class) {
                // up to 3.4.0: (consumer, offsetSyncTopicPartition); the consumer is only polled by
                // update(), which the driver never calls: records go straight to handleRecord().
                return Reflect.construct(c, null, new TopicPartition("mm2-offset-syncs.B.internal", 0));
            }
        }
        throw new IllegalStateException("no OffsetSyncStore constructor for tests in this release");
    }

    void sync(TopicPartition tp, long upstream, long downstream) {
        Object sync = Reflect.construct(SYNC_NEW, tp, upstream, downstream);
        byte[] key = (byte[]) invoke(RECORD_KEY, sync);
        byte[] value = (byte[]) invoke(RECORD_VALUE, sync);
        ConsumerRecord<byte[], byte[]> record =
                new ConsumerRecord<>("mm2-offset-syncs.B.internal", 0, nextRecordOffset++, key, value);
        invoke(HANDLE, store, record);
        fed.add(tp);
    }

    // checkpointsRestored: the CheckpointStore loaded (3.7.1+: start(false), history kept).
    void start(boolean checkpointsRestored) {
        if (START_1 != null)
            invoke(START_1, store, !checkpointsRestored);
        else if (START_0 != null)
            invoke(START_0, store);
        // up to 3.4.0 the store has no start-up: translation never waits
    }

    // "E" for no answer (empty), else the downstream offset.
    String translate(TopicPartition tp, long upstream) {
        Object result = TRANSLATE_3 != null ? invoke(TRANSLATE_3, store, "group", tp, upstream)
                                            : invoke(TRANSLATE_2, store, tp, upstream);
        if (result instanceof OptionalLong) {
            OptionalLong r = (OptionalLong) result;
            return r.isPresent() ? Long.toString(r.getAsLong()) : "E";
        }
        return Long.toString((Long) result); // 2.4.0-3.2.x return a plain long
    }

    // The retained syncs as runs of the same object: "[0..4]=u:d [5..63]=u:d"; the latest-only
    // store of 2.4.0-3.4.0 holds one sync, "[0]=u:d". "(none)" before any sync of the partition
    // was fed (2.4.0-3.2.x insert a synthetic -1/-1 sync on lookup: that is their identity
    // translation, visible in the answers, not a retained sync).
    String state(TopicPartition tp) {
        if (!fed.contains(tp))
            return "(none)";
        Object held = ((Map<?, ?>) Reflect.get(store, "offsetSyncs")).get(tp);
        if (held == null)
            return "(none)";
        if (!held.getClass().isArray())
            return "[0]=" + describe(held);
        Object[] syncs = (Object[]) held;
        StringBuilder out = new StringBuilder();
        int runStart = 0;
        for (int i = 1; i <= syncs.length; i++) {
            if (i == syncs.length || syncs[i] != syncs[runStart]) { // identity, as MM2 compares
                if (out.length() > 0)
                    out.append(' ');
                out.append('[').append(runStart);
                if (i - 1 != runStart)
                    out.append("..").append(i - 1);
                out.append("]=").append(describe(syncs[runStart]));
                runStart = i;
            }
        }
        return out.toString();
    }

    private static String describe(Object sync) {
        return invoke(SYNC_UPSTREAM, sync) + ":" + invoke(SYNC_DOWNSTREAM, sync);
    }
}
