// A Kafka Streams application of the rig's own, run from source (java -cp CLASSPATH
// StreamsGroupApp.java PROPERTIES TOPIC SECONDS): it reads TOPIC from its start in the group
// its application.id names, with the properties given (group.protocol=streams makes it a streams
// group, KIP-1071), does nothing with the records, commits every second, and closes after
// SECONDS. It prints "application ID read N records".
import java.io.FileInputStream;
import java.time.Duration;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicLong;

import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.kstream.Consumed;

public class StreamsGroupApp {
    public static void main(String[] args) throws Exception {
        Properties props = new Properties();
        try (FileInputStream in = new FileInputStream(args[0])) {
            props.load(in);
        }
        props.put(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG, "1000");
        props.put("auto.offset.reset", "earliest");
        AtomicLong records = new AtomicLong();
        StreamsBuilder builder = new StreamsBuilder();
        builder.stream(args[1], Consumed.with(Serdes.ByteArray(), Serdes.ByteArray()))
            .foreach((key, value) -> records.incrementAndGet());
        try (KafkaStreams streams = new KafkaStreams(builder.build(), props)) {
            streams.start();
            Thread.sleep(Long.parseLong(args[2]) * 1000);
            streams.close(Duration.ofSeconds(30));
        }
        System.out.println("application " + props.getProperty(StreamsConfig.APPLICATION_ID_CONFIG) + " read "
                           + records.get() + " records");
    }
}
