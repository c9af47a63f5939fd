package dev.tunerd.simulator.bench;

import dev.tunerd.protocol.Command;
import dev.tunerd.protocol.CommandType;
import dev.tunerd.protocol.FrameEncoder;
import dev.tunerd.protocol.FrameFormat;
import dev.tunerd.protocol.json.Json;
import dev.tunerd.protocol.json.PythonFloats;
import java.io.ByteArrayOutputStream;
import java.util.SplittableRandom;

/**
 * Generates the BENCHMARKS.md section 3 stream for trials already issued: per trial {@code metrics} PERIODICAL MEs
 * (an accuracy-like rising curve, so Medianstop in its default maximise mode has something to judge), one FINAL ME
 * and one EN SUCCEEDED, trial after trial, encoded trial by trial. Not thread-safe (it carries a random generator).
 */
public final class ThroughputStream {

    private final int metricsPerTrial;
    private final SplittableRandom random;
    private final FrameEncoder encoder = new FrameEncoder(FrameFormat.DEFAULT);

    public ThroughputStream(int metricsPerTrial, long seed) {
        this.metricsPerTrial = metricsPerTrial;
        this.random = new SplittableRandom(seed);
    }

    /** Commands generated per trial: intermediates, final and trial end. */
    public int commandsPerTrial() {
        return metricsPerTrial + 2;
    }

    /**
     * The metric frames of one trial: its intermediates and its final metric. Generated before the daemon starts,
     * from the id NNI's numbering gives the trial ({@code parameter_id} = position in the one big GE).
     *
     * @param index       the trial's position in the stream (its job id is {@code job<index>})
     * @param parameterId the trial's parameter id
     */
    public byte[] metricFrames(int index, long parameterId) {
        String id = Long.toString(parameterId);
        String job = "job" + index;
        ByteArrayOutputStream out = new ByteArrayOutputStream(commandsPerTrial() * 140);
        double quality = 0.5 + 0.5 * random.nextDouble();
        double value = 0;
        for (int s = 0; s < metricsPerTrial; s++) {
            value = quality * (1 - Math.exp(-0.1 * (s + 1))) + 0.01 * random.nextGaussian();
            out.writeBytes(encoder.encode(metric(id, job, "PERIODICAL", s, value)));
        }
        out.writeBytes(encoder.encode(metric(id, job, "FINAL", 0, value)));
        return out.toByteArray();
    }

    /** The EN frame of a trial, carrying its TR content verbatim as {@code hyper_params}. */
    public byte[] endFrame(int index, String trialContent) {
        StringBuilder en = new StringBuilder(trialContent.length() + 100).append("{\"trial_job_id\":\"job")
            .append(index).append("\",\"event\":\"SUCCEEDED\",\"hyper_params\":");
        Json.writeString(en, trialContent);
        return encoder.encode(new Command(CommandType.TRIAL_END, en.append('}').toString()));
    }

    static Command metric(String parameterId, String job, String type, int sequence, double value) {
        String content = "{\"parameter_id\": " + parameterId + ", \"trial_job_id\": \"" + job + "\", \"type\": \""
            + type + "\", \"sequence\": " + sequence + ", \"value\": \"" + PythonFloats.repr(value) + "\"}";
        return new Command(CommandType.REPORT_METRIC_DATA, content);
    }
}
