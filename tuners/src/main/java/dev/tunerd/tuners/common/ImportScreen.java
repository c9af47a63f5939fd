package dev.tunerd.tuners.common;

import dev.tunerd.spi.ImportedTrial;
import dev.tunerd.spi.Metrics;
import dev.tunerd.spi.json.JsonValue;
import dev.tunerd.spi.space.SearchSpace;
import dev.tunerd.spi.text.SafeText;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * The one rule every builtin tuner applies to imported data ({@code FD}): an entry whose parameters do not fit the
 * current search space (unknown or missing key, a choice value not among the options, a number out of range), or,
 * for a tuner that learns from values, whose value is not a number (nor a dict with a numeric {@code default}), is
 * skipped. Each skipped entry is logged once at WARNING (the first {@value #LOGGED}; the rest are counted), and one
 * INFO line counts what was imported and what was skipped. Stateless.
 */
public final class ImportScreen {
    /** How many skipped entries one import logs one by one. */
    public static final int LOGGED = 20;

    private ImportScreen() {
    }

    /**
     * The entries of {@code trials} that fit {@code space} (all of them when it is null: no space yet to judge by),
     * with a numeric value when {@code needsValue}; logs the skipped ones and the count line.
     */
    public static List<ImportedTrial> fitting(System.Logger log, String algorithm, SearchSpace space,
                                              List<ImportedTrial> trials, boolean needsValue) {
        return fitting(log, algorithm, space == null ? p -> Optional.empty() : space::misfit, trials, needsValue);
    }

    /** As above, with the tuner's own test of fit ({@code misfit}: why a parameter set does not fit, or empty). */
    public static List<ImportedTrial> fitting(System.Logger log, String algorithm,
                                              Function<JsonValue, Optional<String>> misfitOf,
                                              List<ImportedTrial> trials, boolean needsValue) {
        List<ImportedTrial> kept = new ArrayList<>(trials.size());
        int misfits = 0;
        int notNumbers = 0;
        for (int i = 0; i < trials.size(); i++) {
            ImportedTrial t = trials.get(i);
            Optional<String> misfit = misfitOf.apply(t.parameter());
            if (misfit.isPresent()) {
                misfits++;
                skipped(log, algorithm, i, misfits + notNumbers, "does not fit the search space: " + misfit.get());
            } else if (needsValue && !Metrics.isScalar(t.value())) {
                notNumbers++;
                skipped(log, algorithm, i, misfits + notNumbers, "value is not a number (nor a dict with a numeric"
                    + " \"default\"): " + t.value());
            } else {
                kept.add(t);
            }
        }
        int skipped = misfits + notNumbers;
        log.log(skipped > 0 ? Level.WARNING : Level.INFO, "{0}: imported {1} of {2} entries; {3} skipped ({4} do not"
            + " fit the search space, {5} without a numeric value){6}", algorithm, kept.size(), trials.size(),
            skipped, misfits, notNumbers, skipped > LOGGED ? "; only the first " + LOGGED + " were logged" : "");
        return kept;
    }

    private static void skipped(System.Logger log, String algorithm, int index, int count, String why) {
        if (count <= LOGGED) {
            log.log(Level.WARNING, "{0}: imported entry {1} skipped: {2}", algorithm, index, SafeText.of(why));
        }
    }
}
