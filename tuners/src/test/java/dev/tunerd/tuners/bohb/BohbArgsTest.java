package dev.tunerd.tuners.bohb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.tunerd.tuners.ArgsRecords;
import java.util.List;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;

/** {@link BohbArgs#builder()} against the classArgs parser's way of binding the record. */
class BohbArgsTest {

    /** A component, a valid value other than its default, and the builder's setter for it. */
    private record Case(String component, Object value, BiFunction<BohbArgs.Builder, Object, BohbArgs.Builder> set) {
    }

    private static final List<Case> CASES = List.of(
        new Case("optimizeMode", "minimize", (b, v) -> b.optimizeMode((String) v)),
        new Case("minBudget", 2, (b, v) -> b.minBudget((Integer) v)),
        new Case("maxBudget", 81, (b, v) -> b.maxBudget((Integer) v)),
        new Case("eta", 4, (b, v) -> b.eta((Integer) v)),
        new Case("minPointsInModel", 5, (b, v) -> b.minPointsInModel((Integer) v)),
        new Case("top_n_percent", 20, (b, v) -> b.topNPercent((Integer) v)),
        new Case("numSamples", 64, (b, v) -> b.numSamples((Integer) v)),
        new Case("randomFraction", 0.5, (b, v) -> b.randomFraction((Double) v)),
        new Case("bandwidthFactor", 2.0, (b, v) -> b.bandwidthFactor((Double) v)),
        new Case("minBandwidth", 0.01, (b, v) -> b.minBandwidth((Double) v)),
        new Case("execMode", "serial", (b, v) -> b.execMode((String) v)),
        new Case("rankAgreement", -1.0, (b, v) -> b.rankAgreement((Double) v)),
        new Case("seed", 12L, (b, v) -> b.seed((Long) v)),
        new Case("sampler", "kde", (b, v) -> b.sampler((String) v)),
        new Case("rungShare", 0.25, (b, v) -> b.rungShare((Double) v)),
        new Case("rungTrend", true, (b, v) -> b.rungTrend((Boolean) v)),
        new Case("choiceScout", 10, (b, v) -> b.choiceScout((Integer) v)));

    private static BohbArgs parsed(String component, Object value) throws Exception {
        return ArgsRecords.parsed(BohbArgs.class, component, value);
    }

    @Test
    void nothingSetIsTheEmptyClassArgs() throws Exception {
        BohbArgs d = BohbArgs.builder().build();
        assertEquals(parsed(null, null), d);
        assertEquals(1, d.minBudget(), "NNI's default");
        assertEquals(3, d.maxBudget(), "NNI's default");
        assertEquals(BohbArgs.DEFAULT_NUM_SAMPLES, d.numSamples());
        assertEquals(BohbArgs.DEFAULT_RANK_AGREEMENT, d.rankAgreement());
        assertNull(d.minPointsInModel(), "absent: the number of parameters + 1");
        assertNull(d.seed(), "absent: the provider draws one");
    }

    /**
     * Each setter sets its own component, to what the parser makes of that key alone, and leaves the rest; {@code
     * sampler: kde} also brings NNI's random share, as the parser does when {@code random_fraction} is absent.
     */
    @Test
    void eachSetterChangesOnlyItsKey() throws Exception {
        assertEquals(ArgsRecords.components(BohbArgs.class), CASES.stream().map(Case::component).toList(),
            "one case per component, in order");
        for (Case c : CASES) {
            BohbArgs changed = c.set().apply(BohbArgs.builder(), c.value()).build();
            assertEquals(parsed(c.component(), c.value()), changed, c.component());
            BohbArgs.Builder base = BohbArgs.builder();
            if (c.component().equals("sampler")) {
                base.randomFraction(1.0 / 3);
            }
            ArgsRecords.assertOnlyChanged(base.build(), changed, c.component(), c.value());
            assertEquals(BohbArgs.builder().build(), c.set().apply(BohbArgs.builder(), null).build(),
                c.component() + ": null is the key's absence");
        }
    }

    /** A default that depends on another key is filled in at build(), whatever the order the keys were set in. */
    @Test
    void dependentDefaultsFollowTheKeysTheyDependOn() throws Exception {
        assertEquals(parsed("minBudget", 5), BohbArgs.builder().minBudget(5).build());
        assertEquals(5, BohbArgs.builder().minBudget(5).build().maxBudget(), "max(3, min_budget)");
        assertEquals(1.0 / 3, BohbArgs.builder().sampler("kde").build().randomFraction(), "NNI's share with its KDE");
    }
}
