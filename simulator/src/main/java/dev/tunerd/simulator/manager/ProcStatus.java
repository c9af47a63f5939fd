package dev.tunerd.simulator.manager;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Reads memory figures of a process from Linux's {@code /proc/<pid>/status}. Stateless and thread-safe. */
public final class ProcStatus {

    private ProcStatus() {
    }

    /** The value of a {@code kB} field such as {@code VmHWM} or {@code VmRSS}, or -1 when unavailable. */
    public static long readKib(long pid, String field) {
        Path status = Path.of("/proc", Long.toString(pid), "status");
        try {
            for (String line : Files.readAllLines(status, StandardCharsets.UTF_8)) {
                if (line.startsWith(field + ":")) {
                    return Long.parseLong(line.substring(field.length() + 1).replace("kB", "").trim());
                }
            }
            return -1;
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
    }
}
