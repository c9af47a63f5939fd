package dev.tunerd.simulator.manager;

import dev.tunerd.protocol.Command;
import dev.tunerd.protocol.CommandType;
import dev.tunerd.protocol.FrameDecoder;
import dev.tunerd.protocol.FrameEncoder;
import dev.tunerd.protocol.FrameFormat;
import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.json.JsonFloat;
import dev.tunerd.spi.json.JsonInt;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonString;
import dev.tunerd.spi.json.JsonValue;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * A stand-in daemon for the manager tests, run as a child process exactly like the real one: it answers IN with
 * ID and every GE n with n TRs of random parameters from the search space (uniform, loguniform, randint, choice and
 * nested choice). With {@code --assessor} it kills every trial at its third intermediate metric. With
 * {@code --record FILE} it writes every received command to FILE, one per line. With {@code --refuse-after N} it
 * answers with NO once it has produced N trials. With {@code --repeat-id} every TR carries parameter_id 0. With {@code --echo-ping} it answers PI with PI (it handles commands
 * in order, so that is a barrier). With {@code --advisor K} it plays a multi-fidelity advisor as NNI's Hyperband
 * does: string ids ({@code "0-0_0_n"}), {@code TRIAL_BUDGET} 5 for even n and 20 for odd n, and at most K trials
 * without a final result: a request beyond that is answered {@code NO} ({@code "-1_0_0"}) and paid with a TR at the
 * next FINAL metric.
 */
public final class FakeDaemon {

    private final OutputStream out = new BufferedOutputStream(System.out);
    private final FrameEncoder encoder = new FrameEncoder(FrameFormat.DEFAULT);
    private final SplittableRandom random = new SplittableRandom(42);
    private JsonObject space = JsonObject.EMPTY;
    private long nextId;
    private boolean assessor;
    private long refuseAfter = Long.MAX_VALUE;
    private PrintWriter record;
    private boolean echoPing;
    private boolean repeatId;
    private int advisorLimit;
    private int awaitingResult;
    private int credit;

    public static void main(String[] args) throws IOException {
        new FakeDaemon().run(args);
    }

    private void run(String[] args) throws IOException {
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--assessor" -> assessor = true;
                case "--record" -> record = new PrintWriter(Files.newBufferedWriter(Path.of(args[++i]),
                    StandardCharsets.UTF_8), true);
                case "--refuse-after" -> refuseAfter = Long.parseLong(args[++i]);
                case "--echo-ping" -> echoPing = true;
                case "--repeat-id" -> repeatId = true;
                case "--advisor" -> advisorLimit = Integer.parseInt(args[++i]);
                default -> { }
            }
        }
        FrameDecoder decoder = new FrameDecoder(FrameFormat.DEFAULT);
        InputStream in = System.in;
        byte[] buf = new byte[8192];
        int n;
        while ((n = in.read(buf)) > 0) {
            ByteBuffer bytes = ByteBuffer.wrap(buf, 0, n);
            Command c;
            while ((c = decoder.decode(bytes)) != null) {
                if (record != null) {
                    record.println(c.type().code() + " " + c.content());
                }
                if (c.type() == CommandType.TERMINATE) {
                    out.flush();
                    System.exit(0);
                }
                handle(c);
            }
            out.flush();
        }
    }

    private void handle(Command c) throws IOException {
        switch (c.type()) {
            case INITIALIZE -> {
                space = Json.parseObject(c.content(), "space");
                send(CommandType.INITIALIZED, "");
            }
            case REQUEST_TRIAL_JOBS -> {
                if (advisorLimit > 0) {
                    advise(Integer.parseInt(c.content().trim()));
                } else {
                    generate(Integer.parseInt(c.content().trim()));
                }
            }
            case REPORT_METRIC_DATA -> {
                JsonObject metric = Json.parseObject(c.content(), "metric");
                assess(metric);
                if (advisorLimit > 0 && metric.get("type").equals(JsonString.of("FINAL"))) {
                    awaitingResult--;
                    if (credit > 0) {
                        credit--;
                        issueBudgeted();
                    }
                }
            }
            case PING -> {
                if (echoPing) {
                    send(CommandType.PING, "");
                }
            }
            default -> { }
        }
    }

    private void generate(int count) throws IOException {
        long first = nextId;
        nextId += count;
        for (long id = first; id < first + count; id++) {
            if (id >= refuseAfter) {
                send(CommandType.NO_MORE_TRIAL_JOBS, "{\"parameter_id\": " + first
                    + ", \"parameter_source\": \"algorithm\", \"parameters\": \"\", \"parameter_index\": 0}");
                return;
            }
            send(CommandType.NEW_TRIAL_JOB, "{\"parameter_id\": " + (repeatId ? 0 : id) + ", \"parameter_source\": \"algorithm\", "
                + "\"parameters\": " + Json.write(sample(space)) + ", \"parameter_index\": 0}");
        }
    }

    private void advise(int count) throws IOException {
        for (int i = 0; i < count; i++) {
            if (awaitingResult >= advisorLimit) {
                credit += count - i;
                send(CommandType.NO_MORE_TRIAL_JOBS, "{\"parameter_id\": \"-1_0_0\", \"parameter_source\": "
                    + "\"algorithm\", \"parameters\": \"\"}");
                return;
            }
            issueBudgeted();
        }
    }

    private void issueBudgeted() throws IOException {
        long n = nextId++;
        awaitingResult++;
        JsonObject.Builder params = JsonObject.builder();
        sample(space).members().forEach(params::put);
        params.put("TRIAL_BUDGET", JsonInt.of(n % 2 == 0 ? 5 : 20));
        send(CommandType.NEW_TRIAL_JOB, "{\"parameter_id\": \"0-0_0_" + n + "\", \"parameter_source\": \"algorithm\", "
            + "\"parameters\": " + Json.write(params.build()) + "}");
    }

    private void assess(JsonObject metric) throws IOException {
        if (assessor && metric.get("type").equals(JsonString.of("PERIODICAL"))
            && metric.get("sequence").equals(JsonInt.of(2))) {
            send(CommandType.KILL_TRIAL_JOB, Json.write(metric.get("trial_job_id")));
        }
    }

    private JsonObject sample(JsonObject subSpace) {
        JsonObject.Builder b = JsonObject.builder();
        for (Map.Entry<String, JsonValue> e : subSpace.members().entrySet()) {
            if (!e.getKey().equals("_name")) {
                b.put(e.getKey(), sampleOne((JsonObject) e.getValue()));
            }
        }
        return b.build();
    }

    private JsonValue sampleOne(JsonObject spec) {
        String type = ((JsonString) spec.get("_type")).value();
        var values = ((dev.tunerd.spi.json.JsonArray) spec.get("_value")).values();
        double lo = values.get(0).isNumber() ? values.get(0).asDouble() : 0;
        double hi = values.size() > 1 && values.get(1).isNumber() ? values.get(1).asDouble() : 0;
        return switch (type) {
            case "uniform" -> JsonFloat.of(lo + random.nextDouble() * (hi - lo));
            case "loguniform" -> JsonFloat.of(Math.exp(Math.log(lo) + random.nextDouble() * Math.log(hi / lo)));
            case "randint" -> JsonInt.of((long) lo + random.nextInt((int) (hi - lo)));
            case "choice" -> {
                JsonValue option = values.get(random.nextInt(values.size()));
                if (option instanceof JsonObject nested && nested.has("_name")) {
                    JsonObject.Builder b = JsonObject.builder().put("_name", nested.get("_name"));
                    sample(nested).members().forEach(b::put);
                    yield b.build();
                }
                yield option;
            }
            default -> throw new IllegalArgumentException("fake daemon cannot sample " + type);
        };
    }

    private void send(CommandType type, String content) throws IOException {
        out.write(encoder.encode(new Command(type, content)));
    }
}
