package dev.tunerd.tuners.auto;

import java.util.Objects;

/**
 * What Auto picked and why, in words for dispatcher.log. Immutable.
 *
 * @param algorithm the registered name of the tuner picked
 * @param reason    why, in one sentence (counts and budgets only: no parameter names)
 */
public record AutoChoice(String algorithm, String reason) {
    public AutoChoice {
        Objects.requireNonNull(algorithm, "algorithm");
        Objects.requireNonNull(reason, "reason");
    }
}
