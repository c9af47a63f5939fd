package dev.tunerd.tuners.auto;

import java.util.Objects;

/**
 * What Auto picked and why, in words for dispatcher.log. Immutable.
 *
 * @param algorithm the registered name of the tuner picked
 * @param reason    why, in one sentence (counts and budgets only: no parameter names)
 * @param scan      when Auto scans the incumbent between the picked tuner's suggestions, or null for never
 * @param hedge     a second tuner taking turns with the picked one at the start, or null for none
 */
public record AutoChoice(String algorithm, String reason, ScanPlan scan, Hedge hedge) {
    public AutoChoice {
        Objects.requireNonNull(algorithm, "algorithm");
        Objects.requireNonNull(reason, "reason");
    }

    /** A pick without a scan or a hedge. */
    public AutoChoice(String algorithm, String reason) {
        this(algorithm, reason, null, null);
    }

    /** A pick without a hedge. */
    public AutoChoice(String algorithm, String reason, ScanPlan scan) {
        this(algorithm, reason, scan, null);
    }
}
