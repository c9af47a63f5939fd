package dev.tunerd.tuners.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.tunerd.protocol.json.Json;
import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.ImportedTrial;
import dev.tunerd.spi.InvalidSearchSpaceException;
import dev.tunerd.spi.Snapshotting;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.spi.space.ParameterType;
import dev.tunerd.spi.space.SearchSpace;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The contract every builtin tuner passes; a tuner's test subclasses it in three lines:
 * <pre>{@code
 * class RandomContractTest extends TunerContractTest {
 *     protected Tuner newTuner(AlgorithmContext context, long seed) { return new RandomTuner(seed); }
 * }
 * }</pre>
 * Covered: NNI's S8 sweep (every supported key of NNI's test space, three rounds of 50 with results fed back, range
 * and JSON-type checks of every value, the union of all keys); {@code randint_fail_equal} refused; the same seed
 * gives the same stream; behaviour after a search-space update; a snapshot restored into a fresh instance continues
 * identically (tuners implementing {@link Snapshotting}). Override the hooks below to describe the tuner.
 */
public abstract class TunerContractTest {

    /** A new tuner created with {@code context} (use it: its sender is watched) and {@code seed}. */
    protected abstract Tuner newTuner(AlgorithmContext context, long seed);

    /** The types the tuner supports; default all ten. */
    protected Set<ParameterType> supportedTypes() {
        return SearchSpace.ALL_TYPES;
    }

    /** Whether the tuner takes only choices of numbers (NNI's Metis, GP, DNGO); then string choices are left out. */
    protected boolean numericChoiceOnly() {
        return false;
    }

    private List<String> supportedSingles() {
        return NniTestSpace.singles(supportedTypes()).stream()
            .filter(k -> !numericChoiceOnly() || !(k.equals("choice_str") || k.equals("choice_mixed"))).toList();
    }

    /** Whether the tuner may answer NO before a finite space is exhausted... false means it must always offer one. */
    protected boolean mayRunOut() {
        return true;
    }

    /** Whether the output ignores the seed (GridSearch); then the different-seed check is skipped. */
    protected boolean deterministic() {
        return false;
    }

    /** A space mixing every supported type, nested choice included when choice is supported. */
    protected JsonObject mixedSpace() {
        List<String> keys = new ArrayList<>();
        for (String k : new String[] {"choice_str", "randint_ok", "uniform_ok", "quniform_ok", "loguniform_ok",
            "qloguniform_ok", "normal_ok", "qnormal_ok", "lognormal_ok", "qlognormal_ok", "choice_float"}) {
            if (supportedTypes().contains(NniTestSpace.typeOf(k)) && !(numericChoiceOnly() && k.equals("choice_str"))) {
                keys.add(k);
            }
        }
        return NniTestSpace.union(keys);
    }

    @TestFactory
    List<DynamicTest> s8EverySupportedKeyThreeRoundsOfFifty() {
        List<DynamicTest> tests = new ArrayList<>();
        for (String key : supportedSingles()) {
            tests.add(DynamicTest.dynamicTest(key, () -> sweep(NniTestSpace.single(key))));
        }
        tests.add(DynamicTest.dynamicTest("union of all supported keys",
            () -> sweep(NniTestSpace.union(supportedSingles()))));
        return tests;
    }

    private void sweep(JsonObject space) {
        TrialDriver driver = new TrialDriver(1);
        Tuner tuner = newTuner(driver.context(), 42);
        tuner.updateSearchSpace(space);
        for (int round = 0; round < 3; round++) {
            List<TrialDriver.Sent> sets = driver.request(tuner, 50);
            if (!mayRunOut()) {
                assertFalse(sets.isEmpty(), "round " + round + " returned nothing");
            }
            while (!sets.isEmpty()) {
                sets.forEach(s -> ValueChecks.check(space, s.parameters()));
                sets = driver.report(tuner, sets);
            }
        }
    }

    /**
     * Issue #12: imported entries that do not fit the space (unknown key, a choice value not in the list, out of
     * range) are skipped, each logged once, and counted in the import line; the tuner goes on.
     */
    @Test
    void importSkipsLogsAndCountsEntriesThatDoNotFit() {
        TrialDriver driver = new TrialDriver(1);
        Tuner tuner = newTuner(driver.context(), 1);
        String[] c = numericChoiceOnly() ? new String[] {"1", "2", "3"} : new String[] {"\"a\"", "\"b\"", "\"z\""};
        tuner.updateSearchSpace(Json.parseObject("{\"c\": {\"_type\": \"choice\", \"_value\": [" + c[0] + ", " + c[1]
            + "]}, \"u\": {\"_type\": \"uniform\", \"_value\": [0, 1]}}", "search space"));
        List<ImportedTrial> entries = List.of(
            imported("{\"c\": " + c[0] + ", \"u\": 0.5}"),
            imported("{\"c\": " + c[0] + ", \"u\": 0.5, \"zz\": 1}"),
            imported("{\"c\": " + c[2] + ", \"u\": 0.5}"),
            imported("{\"c\": " + c[1] + ", \"u\": 7}"));
        List<String> logged = LogCapture.during(() -> tuner.importData(entries));
        assertEquals(3, logged.stream().filter(m -> m.contains("skipped: does not fit the search space")).count(),
            logged.toString());
        assertTrue(logged.stream().anyMatch(m -> m.contains("imported 1 of 4 entries; 3 skipped (3 do not fit the"
            + " search space, 0 without a numeric value)")), logged.toString());
        assertFalse(driver.request(tuner, 1).isEmpty(), "the tuner goes on");
    }

    private static ImportedTrial imported(String parameters) {
        return new ImportedTrial(Json.parse(parameters), dev.tunerd.spi.json.JsonFloat.of(0.5), Optional.empty());
    }

    @Test
    void refusesRandintWithEqualBounds() {
        Tuner tuner = newTuner(new TrialDriver(1).context(), 1);
        InvalidSearchSpaceException e = assertThrows(InvalidSearchSpaceException.class,
            () -> tuner.updateSearchSpace(NniTestSpace.single(NniTestSpace.FAILING)));
        assertTrue(e.getMessage().contains("randint_fail_equal"), e.getMessage());
    }

    @Test
    void sameSeedSameStream() {
        List<String> first = stream(7, mixedSpace(), 40);
        assertEquals(first, stream(7, mixedSpace(), 40));
        if (!deterministic()) {
            assertNotEquals(first, stream(8, mixedSpace(), 40));
        }
    }

    private List<String> stream(long seed, JsonObject space, int n) {
        TrialDriver driver = new TrialDriver(3);
        Tuner tuner = newTuner(driver.context(), seed);
        tuner.updateSearchSpace(space);
        return printed(driver, tuner, n);
    }

    /** Requests sets one at a time with results fed back, up to {@code n} sets, printed as sent. */
    private static List<String> printed(TrialDriver driver, Tuner tuner, int n) {
        List<String> out = new ArrayList<>();
        for (int attempts = 0; out.size() < n && attempts < 2 * n; attempts++) {
            List<TrialDriver.Sent> sets = driver.request(tuner, 1);
            while (!sets.isEmpty()) {
                sets.forEach(s -> out.add(s.id() + " " + Json.write(s.parameters())));
                sets = driver.report(tuner, sets);
            }
        }
        return out;
    }

    @Test
    void followsASearchSpaceUpdate() {
        TrialDriver driver = new TrialDriver(5);
        Tuner tuner = newTuner(driver.context(), 11);
        JsonObject before = mixedSpace();
        tuner.updateSearchSpace(before);
        driver.report(tuner, driver.request(tuner, 10)).forEach(s -> ValueChecks.check(before, s.parameters()));
        JsonObject after = afterUpdateSpace();
        tuner.updateSearchSpace(after);
        List<TrialDriver.Sent> sets = driver.request(tuner, 20);
        if (!mayRunOut()) {
            assertFalse(sets.isEmpty());
        }
        sets.forEach(s -> ValueChecks.check(after, s.parameters()));
    }

    /** The space switched to in {@link #followsASearchSpaceUpdate}: other keys, other bounds. */
    protected JsonObject afterUpdateSpace() {
        List<String> keys = new ArrayList<>();
        for (String k : new String[] {"choice_int", "randint_single", "quniform_clip", "loguniform_equal",
            "qnormal_ok"}) {
            if (supportedTypes().contains(NniTestSpace.typeOf(k))) {
                keys.add(k);
            }
        }
        return NniTestSpace.union(keys);
    }

    @Test
    void snapshotRestoredIntoAFreshInstanceContinuesIdentically() {
        TrialDriver driver = new TrialDriver(9);
        Tuner original = newTuner(driver.context(), 21);
        if (!(original instanceof Snapshotting)) {
            return;
        }
        original.updateSearchSpace(mixedSpace());
        printed(driver, original, 15);
        JsonValue state = Json.parse(Json.write(((Snapshotting) original).snapshot()));

        TrialDriver twin = driver.fork();
        Tuner restored = newTuner(twin.context(), 999);
        restored.updateSearchSpace(mixedSpace());
        ((Snapshotting) restored).restore(state);
        assertEquals(printed(driver, original, 20), printed(twin, restored, 20));
    }
}
