package dev.tunerd.simulator.bench;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.simulator.manager.AlgorithmChoice;
import dev.tunerd.simulator.manager.DaemonCommand;
import dev.tunerd.simulator.manager.DaemonProcess;
import dev.tunerd.simulator.manager.Inbound;
import dev.tunerd.simulator.manager.ManagerMessages;
import dev.tunerd.simulator.manager.SimulationException;
import java.io.IOException;
import java.util.concurrent.TimeUnit;

/**
 * Start-up latency: from starting the daemon process to its ID reply to an IN sent right away, as NNI's manager
 * does. Runs one child after another (never in parallel, so they do not compete for the cores). Called from one
 * thread.
 */
public final class StartupBench {

    private static final String SPACE = "{\"lr\": {\"_type\": \"loguniform\", \"_value\": [0.0001, 0.1]}, "
        + "\"bs\": {\"_type\": \"choice\", \"_value\": [16, 32]}}";

    private StartupBench() {
    }

    /** Nanoseconds from process start to ID, one per run. */
    public static long[] run(DaemonCommand daemon, String tuner, int runs)
            throws IOException, InterruptedException, SimulationException {
        long[] out = new long[runs];
        for (int i = 0; i < runs; i++) {
            out[i] = once(daemon, AlgorithmChoice.withDefaults(tuner, null, i));
        }
        return out;
    }

    private static long once(DaemonCommand daemon, AlgorithmChoice tuner)
            throws IOException, InterruptedException, SimulationException {
        try (DaemonProcess d = DaemonProcess.start(daemon.commandLine(tuner, null), null)) {
            d.send(ManagerMessages.initialize(Json.parseObject(SPACE, "space")));
            Inbound in = d.poll(TimeUnit.SECONDS.toNanos(60));
            if (in == null || in.isEndOfStream() || !in.command().type().code().equals("ID")) {
                throw new SimulationException("expected ID from the daemon, got "
                    + (in == null ? "nothing in 60 s" : in.isEndOfStream() ? "end of output" : in.command()));
            }
            long elapsed = in.receivedNanos() - d.startNanos();
            d.send(ManagerMessages.terminate());
            Integer exit = d.awaitExit(30, TimeUnit.SECONDS);
            if (exit == null || exit != 0) {
                throw new SimulationException("the daemon " + (exit == null ? "did not exit" : "exited with " + exit)
                    + " after TE");
            }
            return elapsed;
        }
    }
}
