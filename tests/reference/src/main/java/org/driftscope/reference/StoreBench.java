// The Java peer of driftscope-bench: times the real OffsetSyncStore of the Kafka release on the
// classpath on the same four workloads as tests/bench/driftscope_bench.cpp, so that the bench can
// print driftscope's rate next to MirrorMaker 2's own. One long-lived JVM, one command a line on
// stdin, one answer a line on stdout:
//
//   warmup COUNT REPEATS            every workload REPEATS times at COUNT syncs   -> "warm NANOS"
//   run store_update_1p N           N syncs into one partition                    -> "ok ..."
//   run translate_1p N              N translations against a store of N syncs     -> "ok ..."
//   run store_update_1000p P K      P partitions x K syncs, round-robin           -> "ok ..."
//   run decode_update_1p N          N encoded records: decode + update            -> "ok ..."
//   quit
//
// "ok WORKLOAD OPERATIONS NANOS CHECKSUM": NANOS is the time of the timed sections only; CHECKSUM
// sums translations (so that the JIT cannot drop the work, and so that the bench can check that
// both sides answered alike: the inputs come from the same generator as the C++ side's, see
// Gen). A command the peer cannot run answers "error ...". On start the peer answers
// "ready VERSION MODE" (VERSION: kafka-clients' own; MODE: how the store updates are timed).
//
// Every run uses a fresh store of the release (RealStore: the no-arg test constructor with a
// mocked backing log), started, i.e. read to the end, before the first sync, as the C++ side's
// store is finishInitialLoad()ed before its first sync.
//
// What is timed on each side:
//  - store_update_1p / store_update_1000p: C++ times SyncStore::apply() on an already decoded
//    sync (one record object per partition refilled per sync, the offsets prepared before). The
//    Java twin of a decoded sync is an OffsetSync object, so those are built before the timed
//    section (in chunks of CHUNK, to bound memory; only the chunks' feeding is timed), and the
//    timed section does what handleRecord() does after decoding: offsetSyncs.compute() with the
//    store's own createInitialSyncs()/updateExistingSyncs(). A release without those methods
//    falls back to handleRecord() on pre-built ConsumerRecords (decoding then counts; MODE says
//    "handleRecord" instead of "update").
//  - translate_1p: both sides build the store and the query offsets untimed, then time the
//    translations alone (C++ translate(), Java translateDownstream("group", tp, offset)).
//  - decode_update_1p: C++ times decodeOffsetSyncInto() on records laid back to back in one
//    buffer plus apply(); Java times handleRecord() on ConsumerRecords built beforehand (in
//    chunks) around key and value arrays serialized by the real OffsetSync.recordKey() and
//    recordValue(), so the decoding is the real OffsetSync.deserializeRecord(). Building the
//    ConsumerRecord belongs to the consumer's fetch, not to the store, and is left out, as C++
//    leaves out laying the records in the buffer.
// After a run the peer collects its garbage (System.gc(), untimed) so that the JVM is quiet
// while the C++ side runs next.
package org.driftscope.reference;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.OptionalLong;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.utils.AppInfoParser;

public final class StoreBench {
    private static final int CHUNK = 1 << 16;
    private static final String SYNCS_TOPIC = "mm2-offset-syncs.B.internal";

    private static final Class<?> STORE = Reflect.mm2Class("OffsetSyncStore");
    private static final Class<?> SYNC = Reflect.mm2Class("OffsetSync");
    // Exact handle types, so that invokeExact() calls compile to direct calls once inlined.
    private static final MethodHandle SYNC_NEW = syncConstructor(); // (TopicPartition, long, long)Object
    private static final MethodHandle RECORD_KEY = handle(Reflect.requireMethod(SYNC, "recordKey", 0),
            MethodType.methodType(byte[].class, Object.class));
    private static final MethodHandle RECORD_VALUE = handle(Reflect.requireMethod(SYNC, "recordValue", 0),
            MethodType.methodType(byte[].class, Object.class));
    private static final MethodHandle HANDLE = handle(Reflect.requireMethod(STORE, "handleRecord", 1),
            MethodType.methodType(void.class, Object.class, ConsumerRecord.class));
    private static final MethodHandle TRANSLATE = handle(Reflect.requireMethod(STORE, "translateDownstream", 3),
            MethodType.methodType(OptionalLong.class, Object.class, String.class, TopicPartition.class, long.class));
    private static final MethodHandle CREATE_INITIAL = optionalHandle(Reflect.method(STORE, "createInitialSyncs", 1),
            MethodType.methodType(Object.class, Object.class, Object.class));
    private static final MethodHandle UPDATE_EXISTING = optionalHandle(
            Reflect.method(STORE, "updateExistingSyncs", 2),
            MethodType.methodType(Object.class, Object.class, Object.class, Object.class));
    private static final boolean UPDATE_PATH = CREATE_INITIAL != null && UPDATE_EXISTING != null;

    private final PrintStream out;
    private long nextRecordOffset = 0;

    private StoreBench(PrintStream out) {
        this.out = out;
    }

    public static void main(String[] args) throws Exception {
        PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
        StoreBench bench = new StoreBench(out);
        new RealStore().start(true); // the first store pays for loading Mockito and the store's classes
        out.println("ready " + AppInfoParser.getVersion() + " " + (UPDATE_PATH ? "update" : "handleRecord"));
        out.flush();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        String line;
        while ((line = in.readLine()) != null) {
            String[] w = line.trim().split("\\s+");
            if (w[0].equals("quit"))
                break;
            try {
                out.println(bench.command(w));
            } catch (RuntimeException | Error e) {
                out.println("error " + e.toString().replace('\n', ' '));
            }
            out.flush();
        }
        out.flush();
    }

    private String command(String[] w) {
        switch (w[0]) {
        case "warmup": {
            int count = Integer.parseInt(w[1]);
            int repeats = Integer.parseInt(w[2]);
            long start = System.nanoTime();
            for (int r = 0; r < repeats; r++) {
                storeUpdate1p(count);
                translate1p(count);
                storeUpdate1000p(1000, Math.max(1, count / 1000));
                decodeUpdate1p(count);
            }
            System.gc();
            return "warm " + (System.nanoTime() - start);
        }
        case "run": {
            Result r;
            switch (w[1]) {
            case "store_update_1p":
                r = storeUpdate1p(Integer.parseInt(w[2]));
                break;
            case "translate_1p":
                r = translate1p(Integer.parseInt(w[2]));
                break;
            case "store_update_1000p":
                r = storeUpdate1000p(Integer.parseInt(w[2]), Integer.parseInt(w[3]));
                break;
            case "decode_update_1p":
                r = decodeUpdate1p(Integer.parseInt(w[2]));
                break;
            default:
                throw new IllegalArgumentException("no workload " + w[1]);
            }
            System.gc(); // untimed: the next run is the C++ side's
            return "ok " + w[1] + " " + r.operations + " " + r.nanos + " " + r.checksum;
        }
        default:
            throw new IllegalArgumentException("no command " + w[0]);
        }
    }

    private static final class Result {
        final long operations;
        final long nanos;
        final long checksum;

        Result(long operations, long nanos, long checksum) {
            this.operations = operations;
            this.nanos = nanos;
            this.checksum = checksum;
        }
    }

    // The inputs' generator, the same as driftscope_bench.cpp's (SplitMix64; a value in
    // [lo, hi] is lo + next() mod (hi - lo + 1), unsigned), so both sides see the same offsets.
    private static final class Gen {
        private long state;

        Gen(long seed) {
            state = seed;
        }

        long next() {
            state += 0x9E3779B97F4A7C15L;
            long z = state;
            z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
            z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
            return z ^ (z >>> 31);
        }

        long uniform(long lo, long hi) {
            return lo + Long.remainderUnsigned(next(), hi - lo + 1);
        }
    }

    // Upstream offsets advancing by a uniform step of 1..200.
    private static long[] advancingOffsets(int count, long seed) {
        Gen gen = new Gen(seed);
        long[] out = new long[count];
        long u = 0;
        for (int i = 0; i < count; i++) {
            u += gen.uniform(1, 200);
            out[i] = u;
        }
        return out;
    }

    // --- the store -------------------------------------------------------------------------------

    private static Object freshStore() {
        RealStore real = new RealStore();
        real.start(true); // read to the end before the first sync
        return real.store;
    }

    @SuppressWarnings("unchecked")
    private static Map<TopicPartition, Object> syncsOf(Object store) {
        return (Map<TopicPartition, Object>) Reflect.get(store, "offsetSyncs");
    }

    private static Object newSync(TopicPartition tp, long upstream, long downstream) {
        try {
            return (Object) SYNC_NEW.invokeExact(tp, upstream, downstream);
        } catch (Throwable e) {
            throw rethrow(e);
        }
    }

    private ConsumerRecord<byte[], byte[]> encoded(Object sync) {
        try {
            byte[] key = (byte[]) RECORD_KEY.invokeExact(sync);
            byte[] value = (byte[]) RECORD_VALUE.invokeExact(sync);
            return new ConsumerRecord<>(SYNCS_TOPIC, 0, nextRecordOffset++, key, value);
        } catch (Throwable e) {
            throw rethrow(e);
        }
    }

    private static void handle(Object store, ConsumerRecord<byte[], byte[]> record) {
        try {
            HANDLE.invokeExact(store, record);
        } catch (Throwable e) {
            throw rethrow(e);
        }
    }

    // What handleRecord() does with a decoded sync, through the store's own methods.
    private static void update(Object store, Map<TopicPartition, Object> syncs, TopicPartition tp, Object sync) {
        syncs.compute(tp, (ignored, held) -> {
            try {
                return held == null ? (Object) CREATE_INITIAL.invokeExact(store, sync)
                                    : (Object) UPDATE_EXISTING.invokeExact(store, held, sync);
            } catch (Throwable e) {
                throw rethrow(e);
            }
        });
    }

    private static long translate(Object store, TopicPartition tp, long upstream) {
        OptionalLong r;
        try {
            r = (OptionalLong) TRANSLATE.invokeExact(store, "group", tp, upstream);
        } catch (Throwable e) {
            throw rethrow(e);
        }
        return r.isPresent() ? r.getAsLong() : 0;
    }

    // Untimed: 1,000 translations spread over [0, max], as the C++ side probes its store.
    private static long probe(Object store, TopicPartition tp, long max) {
        long sum = 0;
        for (long k = 0; k < 1000; k++)
            sum += translate(store, tp, max * k / 999);
        return sum;
    }

    // --- the workloads ---------------------------------------------------------------------------

    // Feeds syncs[0, count) of one chunk: the timed section of the store updates.
    private void feed(Object store, Map<TopicPartition, Object> map, Object[] syncs, TopicPartition[] tps,
            ConsumerRecord<byte[], byte[]>[] records, int count) {
        if (UPDATE_PATH) {
            for (int i = 0; i < count; i++)
                update(store, map, tps[i], syncs[i]);
        } else {
            for (int i = 0; i < count; i++)
                handle(store, records[i]);
        }
    }

    // Applies the syncs (tp[i % ...], offsets) to store, timed chunk by chunk; returns the nanoseconds.
    // partitionOf/offsetAt give sync i's partition and offset.
    private interface SyncSource {
        TopicPartition partition(long i);

        long offset(long i);
    }

    @SuppressWarnings("unchecked")
    private long applyAll(Object store, SyncSource source, long count) {
        Map<TopicPartition, Object> map = syncsOf(store);
        Object[] syncs = new Object[CHUNK];
        TopicPartition[] tps = new TopicPartition[CHUNK];
        ConsumerRecord<byte[], byte[]>[] records = UPDATE_PATH ? null : new ConsumerRecord[CHUNK];
        long nanos = 0;
        for (long at = 0; at < count; at += CHUNK) {
            int len = (int) Math.min(CHUNK, count - at);
            for (int i = 0; i < len; i++) {
                tps[i] = source.partition(at + i);
                long u = source.offset(at + i);
                syncs[i] = newSync(tps[i], u, u);
                if (records != null)
                    records[i] = encoded(syncs[i]);
            }
            long start = System.nanoTime();
            feed(store, map, syncs, tps, records, len);
            nanos += System.nanoTime() - start;
        }
        return nanos;
    }

    private static SyncSource onePartition(TopicPartition tp, long[] offsets) {
        return new SyncSource() {
            public TopicPartition partition(long i) {
                return tp;
            }

            public long offset(long i) {
                return offsets[(int) i];
            }
        };
    }

    private Result storeUpdate1p(int n) {
        long[] offsets = advancingOffsets(n, 1);
        TopicPartition tp = new TopicPartition("orders", 0); // one for all syncs, as C++'s one record
        Object store = freshStore();
        long nanos = applyAll(store, onePartition(tp, offsets), n);
        return new Result(n, nanos, n == 0 ? 0 : probe(store, tp, offsets[n - 1]));
    }

    private Result translate1p(int n) {
        long[] offsets = advancingOffsets(n, 1);
        TopicPartition tp = new TopicPartition("orders", 0);
        Object store = freshStore();
        applyAll(store, onePartition(tp, offsets), n); // untimed here
        Gen gen = new Gen(2);
        long max = n == 0 ? 0 : offsets[n - 1];
        long[] queries = new long[n];
        for (int i = 0; i < n; i++)
            queries[i] = gen.uniform(0, max);
        long sum = 0;
        long nanos = 0;
        for (int at = 0; at < n; at += CHUNK) {
            int end = Math.min(n, at + CHUNK);
            long start = System.nanoTime();
            sum += translateRange(store, tp, queries, at, end);
            nanos += System.nanoTime() - start;
        }
        return new Result(n, nanos, sum);
    }

    private static long translateRange(Object store, TopicPartition tp, long[] queries, int from, int to) {
        long sum = 0;
        for (int i = from; i < to; i++)
            sum += translate(store, tp, queries[i]);
        return sum;
    }

    private Result storeUpdate1000p(int partitions, int perPartition) {
        TopicPartition[] tps = new TopicPartition[partitions];
        long[][] offsets = new long[partitions][];
        for (int p = 0; p < partitions; p++) {
            tps[p] = new TopicPartition("topic-" + (p % 10), p / 10);
            offsets[p] = advancingOffsets(perPartition, 100 + p);
        }
        Object store = freshStore();
        long count = (long) partitions * perPartition;
        long nanos = applyAll(store, new SyncSource() { // round-robin: sync i is partition i % P
            public TopicPartition partition(long i) {
                return tps[(int) (i % partitions)];
            }

            public long offset(long i) {
                return offsets[(int) (i % partitions)][(int) (i / partitions)];
            }
        }, count);
        long sum = 0;
        if (perPartition > 0) {
            for (int p = 0; p < partitions; p++)
                sum += translate(store, tps[p], offsets[p][perPartition / 2])
                        + translate(store, tps[p], offsets[p][perPartition - 1]);
        }
        return new Result(count, nanos, sum);
    }

    @SuppressWarnings("unchecked")
    private Result decodeUpdate1p(int n) {
        long[] offsets = advancingOffsets(n, 1);
        TopicPartition tp = new TopicPartition("orders", 0);
        Object store = freshStore();
        ConsumerRecord<byte[], byte[]>[] records = new ConsumerRecord[CHUNK];
        long nanos = 0;
        for (int at = 0; at < n; at += CHUNK) {
            int len = Math.min(CHUNK, n - at);
            for (int i = 0; i < len; i++)
                records[i] = encoded(newSync(tp, offsets[at + i], offsets[at + i]));
            long start = System.nanoTime();
            handleAll(store, records, len);
            nanos += System.nanoTime() - start;
        }
        return new Result(n, nanos, n == 0 ? 0 : probe(store, tp, offsets[n - 1]));
    }

    private static void handleAll(Object store, ConsumerRecord<byte[], byte[]>[] records, int count) {
        for (int i = 0; i < count; i++)
            handle(store, records[i]);
    }

    // --- reflection ------------------------------------------------------------------------------

    private static MethodHandle syncConstructor() {
        try {
            var c = SYNC.getDeclaredConstructor(TopicPartition.class, long.class, long.class);
            c.setAccessible(true);
            return MethodHandles.lookup().unreflectConstructor(c)
                    .asType(MethodType.methodType(Object.class, TopicPartition.class, long.class, long.class));
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException(e);
        }
    }

    private static MethodHandle handle(Method m, MethodType type) {
        try {
            return MethodHandles.lookup().unreflect(m).asType(type); // m is setAccessible()d
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    private static MethodHandle optionalHandle(Method m, MethodType type) {
        return m == null ? null : handle(m, type);
    }

    private static RuntimeException rethrow(Throwable e) {
        if (e instanceof RuntimeException)
            return (RuntimeException) e;
        if (e instanceof Error)
            throw (Error) e;
        return new IllegalStateException(e);
    }
}
