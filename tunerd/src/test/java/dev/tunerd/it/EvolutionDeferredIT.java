package dev.tunerd.it;

import static dev.tunerd.protocol.CommandType.INITIALIZED;
import static dev.tunerd.protocol.CommandType.NEW_TRIAL_JOB;
import static dev.tunerd.protocol.CommandType.NO_MORE_TRIAL_JOBS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.Command;
import dev.tunerd.protocol.CommandType;
import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.json.JsonInt;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonString;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Evolution's deferred sends through the built daemon (spec 3.3, 3.5, 6.2): while the population is busy a request
 * ends with {@code NO} carrying the request's first id, and the owed ids arrive later as unprompted {@code TR}s when
 * results or trial ends free a place; late, duplicate and out-of-order FINAL/EN frames neither crash the daemon nor
 * make it issue an id twice.
 */
@Timeout(60)
class EvolutionDeferredIT {
    private static final Duration QUIET = Duration.ofMillis(400);
    private static final String SPACE = "{\"x\": {\"_type\": \"uniform\", \"_value\": [0, 1]},"
        + " \"c\": {\"_type\": \"choice\", \"_value\": [\"a\", \"b\", \"c\"]}}";
    private static final String CONFIG = "{\"trialConcurrency\": 4, \"tuner\": {\"name\": \"Evolution\", \"classArgs\":"
        + " {\"optimize_mode\": \"maximize\", \"population_size\": 4, \"seed\": 7}}, \"assessor\": null}";

    private final List<Long> issued = new ArrayList<>();

    private static String finalMetric(long id, String value) {
        return "{\"parameter_id\": " + id + ", \"trial_job_id\": \"T" + id + "\", \"type\": \"FINAL\", \"sequence\": 0,"
            + " \"value\": \"" + value + "\"}";
    }

    private static String trialEnd(long id, String event) {
        return "{\"trial_job_id\":\"T" + id + "\",\"event\":\"" + event + "\",\"hyper_params\":\"{\\\"parameter_id\\\": "
            + id + ", \\\"parameter_source\\\": \\\"algorithm\\\", \\\"parameters\\\": {}, \\\"parameter_index\\\": 0}\"}";
    }

    /** Reads one TR, checks its shape and values, records its id and returns it. */
    private long expectTrial(TunerdProcess p) throws InterruptedException {
        Command c = p.reply();
        assertEquals(NEW_TRIAL_JOB, c.type(), c.content());
        JsonObject tr = (JsonObject) Json.parse(c.content());
        assertEquals(JsonString.of("algorithm"), tr.get("parameter_source"));
        assertEquals(JsonInt.of(0), tr.get("parameter_index"));
        JsonObject params = (JsonObject) tr.get("parameters");
        double x = params.get("x").asDouble();
        assertTrue(x >= 0 && x <= 1, c.content());
        assertTrue(List.of("a", "b", "c").contains(((JsonString) params.get("c")).value()), c.content());
        long id = ((JsonInt) tr.get("parameter_id")).value();
        issued.add(id);
        return id;
    }

    private static void expectNoMore(TunerdProcess p, long firstIdOfRequest) throws InterruptedException {
        assertEquals(new Command(NO_MORE_TRIAL_JOBS, "{\"parameter_id\": " + firstIdOfRequest
            + ", \"parameter_source\": \"algorithm\", \"parameters\": \"\", \"parameter_index\": 0}"), p.reply());
    }

    private static void expectSilence(TunerdProcess p) throws InterruptedException {
        assertEquals(List.of(), p.drain(QUIET));
        assertTrue(p.isAlive(), "daemon died; stderr:\n" + p.stderr());
    }

    @Test
    void busyPopulationAnswersNoThenSendsTheOwedIdsWhenPlacesFreeUp() throws Exception {
        try (TunerdProcess p = TunerdProcess.start(CONFIG, Map.of())) {
            p.send(CommandType.INITIALIZE, SPACE);
            assertEquals(INITIALIZED, p.reply().type());
            p.send(CommandType.REQUEST_TRIAL_JOBS, "4");
            for (long expected = 0; expected < 4; expected++) {
                assertEquals(expected, expectTrial(p));
            }
            // all four in flight: ids 4 and 5 are owed, NO names the first id of this request
            p.send(CommandType.REQUEST_TRIAL_JOBS, "2");
            expectNoMore(p, 4);
            expectSilence(p);

            // a trial end before its result frees a place: owed id 4 arrives unprompted
            p.send(CommandType.TRIAL_END, trialEnd(1, "SUCCEEDED"));
            assertEquals(4L, expectTrial(p));
            // its late result is ignored (NNI: KeyError), nothing is sent
            p.send(CommandType.REPORT_METRIC_DATA, finalMetric(1, "0.25"));
            expectSilence(p);

            // a result frees a place: owed id 5 arrives
            p.send(CommandType.REPORT_METRIC_DATA, finalMetric(0, "0.5"));
            assertEquals(5L, expectTrial(p));
            p.send(CommandType.TRIAL_END, trialEnd(0, "SUCCEEDED"));
            expectSilence(p);
            // a duplicate result (NNI: RuntimeError) changes nothing
            p.send(CommandType.REPORT_METRIC_DATA, finalMetric(0, "0.5"));
            expectSilence(p);

            // busy again (2, 3, 4, 5 in flight): the next request is owed too
            p.send(CommandType.REQUEST_TRIAL_JOBS, "1");
            expectNoMore(p, 6);
            expectSilence(p);
            p.send(CommandType.REPORT_METRIC_DATA, finalMetric(2, "0.75"));
            assertEquals(6L, expectTrial(p));

            // the result of an owed trial counts like any other: a place is free, so the next request is served
            p.send(CommandType.REPORT_METRIC_DATA, finalMetric(4, "0.125"));
            expectSilence(p);
            p.send(CommandType.REQUEST_TRIAL_JOBS, "1");
            assertEquals(7L, expectTrial(p));

            assertEquals(List.of(0L, 1L, 2L, 3L, 4L, 5L, 6L, 7L), issued, "every id issued once, in order");
            p.send(CommandType.TERMINATE, "");
            assertEquals(0, p.exitCode(Duration.ofSeconds(10)), p.stderr());
        }
    }

    @Test
    void aFailedTrialEndWithoutResultAlsoPaysTheOwedId() throws Exception {
        try (TunerdProcess p = TunerdProcess.start(CONFIG, Map.of())) {
            p.send(CommandType.INITIALIZE, SPACE);
            assertEquals(INITIALIZED, p.reply().type());
            p.send(CommandType.REQUEST_TRIAL_JOBS, "5");
            for (long expected = 0; expected < 4; expected++) {
                assertEquals(expected, expectTrial(p));
            }
            expectNoMore(p, 0);
            expectSilence(p);
            p.send(CommandType.TRIAL_END, trialEnd(3, "FAILED"));
            assertEquals(4L, expectTrial(p));
            // a second end of the same trial and an end of an id never issued are ignored (NNI: KeyError, #5015)
            p.send(CommandType.TRIAL_END, trialEnd(3, "FAILED"));
            p.send(CommandType.TRIAL_END, trialEnd(99, "FAILED"));
            expectSilence(p);
            p.send(CommandType.REQUEST_TRIAL_JOBS, "1");
            expectNoMore(p, 5);
            p.send(CommandType.REPORT_METRIC_DATA, finalMetric(4, "1.0"));
            assertEquals(5L, expectTrial(p));
            assertEquals(List.of(0L, 1L, 2L, 3L, 4L, 5L), issued);
        }
    }
}
