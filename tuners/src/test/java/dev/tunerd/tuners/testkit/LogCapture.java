package dev.tunerd.tuners.testkit;

import java.text.MessageFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/** The messages the tuners log through {@link System.Logger} (java.util.logging in tests) while a piece of code runs. */
public final class LogCapture {
    private LogCapture() {
    }

    /** Runs {@code action} and returns every message logged meanwhile, formatted. */
    public static List<String> during(Runnable action) {
        List<String> out = new ArrayList<>();
        Handler h = new Handler() {
            @Override
            public synchronized void publish(LogRecord r) {
                out.add(r.getParameters() == null ? r.getMessage()
                    : MessageFormat.format(r.getMessage(), r.getParameters()));
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        Logger root = Logger.getLogger("");
        root.addHandler(h);
        try {
            action.run();
        } finally {
            root.removeHandler(h);
        }
        synchronized (h) {
            return List.copyOf(out);
        }
    }
}
