// Runs driftscope's reference scripts through the real MirrorMaker 2 classes of the Kafka release on
// the classpath: one command a line on stdin, one answer a line on stdout (the language is in
// tests/reference/README.md; tests/support/reference_script.cpp is its C++ twin). Answers repeat
// the query and append " = result", so a script with its answers is itself a valid script.
package org.driftscope.reference;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.TopicPartition;

public final class Driver {
    private final PrintWriter out;
    private RealStore store;
    private RealEmitter emitter;
    private RealCheckpointTask checkpoints;
    private Map<String, Map<TopicPartition, Object>> restored = new HashMap<>();
    private boolean restoreFailed = false;
    private boolean checkpointsRestoredFlag = true; // "store restored" (default) or "store failed"
    private final List<String> pendingOffsets = new ArrayList<>();
    private final List<String> pendingIdle = new ArrayList<>();

    private Driver(PrintWriter out) {
        this.out = out;
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8), 1 << 16);
        PrintWriter out = new PrintWriter(new BufferedWriter(
                new OutputStreamWriter(System.out, StandardCharsets.UTF_8), 1 << 16), false);
        Driver driver = new Driver(out);
        String line;
        int number = 0;
        boolean skipping = false;
        while ((line = in.readLine()) != null) {
            ++number;
            if (skipping && !line.trim().equals("---"))
                continue;
            skipping = false;
            try {
                driver.run(line);
            } catch (RuntimeException | Error e) {
                // A script the driver cannot run (not an answer of MM2's): said on stdout, so that the
                // C++ side names it, and the rest of this script is skipped up to the next "---".
                out.println("error line " + number + ": " + e);
                skipping = true;
            }
        }
        out.flush();
    }

    static TopicPartition parseTp(String text) {
        int dash = text.lastIndexOf('-');
        if (dash <= 0)
            throw new IllegalArgumentException("not a topic-partition: " + text);
        return new TopicPartition(text.substring(0, dash), Integer.parseInt(text.substring(dash + 1)));
    }

    // Metadata strings travel as one token: "-" for empty, else the text with no spaces.
    static String quote(String metadata) {
        return metadata == null || metadata.isEmpty() ? "-" : metadata;
    }

    static String unquote(String token) {
        return token.equals("-") ? "" : token;
    }

    private void run(String line) {
        int hash = line.indexOf(" = ");
        String command = hash >= 0 ? line.substring(0, hash) : line; // answers in the input are ignored
        String[] w = command.trim().split("\\s+");
        if (w.length == 0 || w[0].isEmpty() || w[0].startsWith("#"))
            return;
        switch (w[0]) {
            case "---": // the next script: everything starts afresh
                store = null;
                emitter = null;
                checkpoints = null;
                restored = new HashMap<>();
                restoreFailed = false;
                checkpointsRestoredFlag = true;
                out.println("---");
                out.flush();
                break;
            case "store":
                checkpointsRestoredFlag = w.length < 2 || !w[1].equals("failed");
                restoreFailed = !checkpointsRestoredFlag;
                store = new RealStore(checkpointsRestoredFlag); // restore lines, if any, came before
                checkpoints = null;
                break;
            case "sync":
                requireStore().sync(parseTp(w[1]), Long.parseLong(w[2]), Long.parseLong(w[3]));
                break;
            case "start":
                requireStore().start(checkpointsRestoredFlag);
                break;
            case "t":
                out.println(command + " = " + requireStore().translate(parseTp(w[1]), Long.parseLong(w[2])));
                break;
            case "state":
                out.println(command + " = " + requireStore().state(parseTp(w[1])));
                break;
            case "emitter":
                emitter = new RealEmitter(Long.parseLong(w[1]), out::println);
                break;
            case "rec":
                requireEmitter().commitRecord(parseTp(w[1]), Long.parseLong(w[2]), Long.parseLong(w[3]));
                break;
            case "commit":
                requireEmitter().commit();
                break;
            case "ack":
                requireEmitter().ack();
                break;
            case "restart":
                requireEmitter().restart();
                break;
            case "restore": // restore GROUP TP U D META: a checkpoint the CheckpointStore read
                restored.computeIfAbsent(w[1], g -> new HashMap<>())
                        .put(parseTp(w[2]), RealCheckpointTask.newCheckpoint(w[1], parseTp(w[2]),
                                Long.parseLong(w[3]), Long.parseLong(w[4]), unquote(w[5])));
                break;
            case "offset": // offset GROUP TP U META | offset GROUP TP null
                requireCheckpoints().setOffset(w[1], parseTp(w[2]),
                        w[3].equals("null") ? null : new OffsetAndMetadata(Long.parseLong(w[3]), unquote(w[4])));
                break;
            case "idle": // idle GROUP [TP D|null]: the target group is EMPTY with these offsets
                requireCheckpoints().setIdle(w[1], w.length > 2 ? parseTp(w[2]) : null,
                        w.length > 3 ? (w[3].equals("null") ? null : new OffsetAndMetadata(Long.parseLong(w[3]))) : null);
                break;
            case "poll": {
                List<String> lines = requireCheckpoints().poll(Arrays.asList(w).subList(1, w.length));
                printBlock(command, lines);
                break;
            }
            case "syncgroups":
                printBlock(command, requireCheckpoints().syncGroups());
                break;
            default:
                throw new IllegalArgumentException("unknown command '" + w[0] + "'");
        }
    }

    // "poll g1 g2 = 2" then the lines, or "poll g1 g2 = failed".
    private void printBlock(String command, List<String> lines) {
        if (lines == null) {
            out.println(command + " = failed");
            return;
        }
        out.println(command + " = " + lines.size());
        for (String l : lines)
            out.println(l);
    }

    private RealStore requireStore() {
        if (store == null)
            throw new IllegalStateException("no store: a script starts with 'store'");
        return store;
    }

    private RealEmitter requireEmitter() {
        if (emitter == null)
            throw new IllegalStateException("no emitter: 'emitter LAG' first");
        return emitter;
    }

    private RealCheckpointTask requireCheckpoints() {
        if (checkpoints == null)
            checkpoints = new RealCheckpointTask(requireStore(), restoreFailed ? null : restored);
        return checkpoints;
    }
}
