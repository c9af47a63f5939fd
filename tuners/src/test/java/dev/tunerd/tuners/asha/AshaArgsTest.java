package dev.tunerd.tuners.asha;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.tunerd.tuners.ArgsRecords;
import java.util.List;
import java.util.function.BiFunction;
import org.junit.jupiter.api.Test;

/** {@link AshaArgs#builder()} against the classArgs parser's way of binding the record. */
class AshaArgsTest {

    /** A component, a valid value other than its default, and the builder's setter for it. */
    private record Case(String component, Object value, BiFunction<AshaArgs.Builder, Object, AshaArgs.Builder> set) {
    }

    private static final List<Case> CASES = List.of(
        new Case("minBudget", 2, (b, v) -> b.minBudget((Integer) v)),
        new Case("maxBudget", 27, (b, v) -> b.maxBudget((Integer) v)),
        new Case("eta", 4, (b, v) -> b.eta((Integer) v)),
        new Case("optimizeMode", "minimize", (b, v) -> b.optimizeMode((String) v)),
        new Case("sampler", "tpe", (b, v) -> b.sampler((String) v)),
        new Case("rankAgreement", -1.0, (b, v) -> b.rankAgreement((Double) v)),
        new Case("seed", 12L, (b, v) -> b.seed((Long) v)),
        new Case("rungShare", 0.25, (b, v) -> b.rungShare((Double) v)),
        new Case("rungTrend", true, (b, v) -> b.rungTrend((Boolean) v)),
        new Case("choiceScout", 10, (b, v) -> b.choiceScout((Integer) v)));

    @Test
    void nothingSetIsTheEmptyClassArgs() throws Exception {
        AshaArgs d = AshaArgs.builder().build();
        assertEquals(ArgsRecords.parsed(AshaArgs.class, null, null), d);
        assertEquals(81, d.maxBudget());
        assertEquals(AshaArgs.DEFAULT_RANK_AGREEMENT, d.rankAgreement());
        assertNull(d.seed(), "absent: the provider draws one");
    }

    /** Each setter sets its own component, to what the parser makes of that key alone, and leaves the rest. */
    @Test
    void eachSetterChangesOnlyItsKey() throws Exception {
        assertEquals(ArgsRecords.components(AshaArgs.class), CASES.stream().map(Case::component).toList(),
            "one case per component, in order");
        AshaArgs d = AshaArgs.builder().build();
        for (Case c : CASES) {
            AshaArgs changed = c.set().apply(AshaArgs.builder(), c.value()).build();
            assertEquals(ArgsRecords.parsed(AshaArgs.class, c.component(), c.value()), changed, c.component());
            ArgsRecords.assertOnlyChanged(d, changed, c.component(), c.value());
            assertEquals(d, c.set().apply(AshaArgs.builder(), null).build(), c.component() + ": null is absent");
        }
        assertEquals(100, AshaArgs.builder().minBudget(100).build().maxBudget(), "max(81, min_budget) at build()");
    }
}
