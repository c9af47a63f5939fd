package dev.tunerd.tuners.auto;

import java.util.Objects;

/**
 * What Auto picked and why, in words for dispatcher.log. Immutable.
 *
 * @param algorithm the registered name of the tuner picked
 * @param reason    why, in one sentence (counts and budgets only: no parameter names)
 * @param scan      when Auto scans the incumbent between the picked tuner's suggestions, or null for never
 */
public record AutoChoice(String algorithm, String reason, ScanPlan scan) {
    public AutoChoice {
        Objects.requireNonNull(algorithm, "algorithm");
        Objects.requireNonNull(reason, "reason");
    }

    /** A pick without a scan. */
    public AutoChoice(String algorithm, String reason) {
        this(algorithm, reason, null);
    }
}
