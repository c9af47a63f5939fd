package dev.tunerd.core.dispatch;

import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * A second process for {@link IssuedIdsRecordWritersTest}: {@code cover DIR FIRST STRIDE COUNT} covers
 * {@code FIRST + i * STRIDE} for i below COUNT, as a daemon issuing ids would; {@code hold DIR} takes the record's lock (on {@link IssuedIdsRecord#LOCK}),
 * prints {@code locked} and sleeps until killed (a stuck process).
 */
public final class IssuedIdsRecordRacer {
    private IssuedIdsRecordRacer() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[1]);
        if (args[0].equals("hold")) {
            try (FileChannel channel = FileChannel.open(dir.resolve(IssuedIdsRecord.LOCK), StandardOpenOption.CREATE,
                StandardOpenOption.READ, StandardOpenOption.WRITE)) {
                channel.lock();
                System.out.println("locked");
                System.out.flush();
                Thread.sleep(Long.MAX_VALUE);
            }
            return;
        }
        long first = Long.parseLong(args[2]);
        long stride = Long.parseLong(args[3]);
        int count = Integer.parseInt(args[4]);
        try (IssuedIdsRecord record = IssuedIdsRecord.in(dir)) {
            for (int i = 0; i < count; i++) {
                record.cover(first + i * stride);
            }
        }
    }
}
