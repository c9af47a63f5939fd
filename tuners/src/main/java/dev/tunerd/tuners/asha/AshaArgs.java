package dev.tunerd.tuners.asha;

import dev.tunerd.spi.OptimizeMode;
import dev.tunerd.tuners.common.ChoiceScout;
import dev.tunerd.tuners.common.RungValue;

/**
 * classArgs of the {@code ASHA} advisor (a tunerd addition). Immutable, thread-safe.
 *
 * @param minBudget    {@code min_budget}: budget of the first rung, 1..1000000, default 1
 * @param maxBudget    {@code max_budget}: budget of the top rung, min_budget..1000000, default 81
 * @param eta          {@code eta}: rungs at {@code max_budget / eta^k} down to about min_budget; the top 1/eta of a
 *                     rung is promoted; 2..1000, default 3
 * @param optimizeMode {@code optimize_mode}: {@code maximize} (default) or {@code minimize}
 * @param sampler      {@code sampler}: where new configurations come from, {@code random} (default, as in Li et al.)
 *                     or {@code tpe} (TPE fitted on the highest rung that has enough results)
 * @param rankAgreement {@code rank_agreement}: Kendall's tau between a rung's ranking and the full budget's that a
 *                     rung needs before it decides anything (-1..1, default 0.7; -1: every rung from the start, as
 *                     Li et al.)
 * @param seed         {@code seed}: random seed; absent, one is drawn and logged
 * @param rungShare    {@code rung_share} (issue 13 session 26): a trial's value at its rung (what ranks it there,
 *                     feeds the rung's TPE model and the rank check) is read from its last {@code round(rung_share * n)}
 *                     of {@code n} reports, its final result counting as the last one, instead of from the final
 *                     result alone (Li et al.'s); 0..1, default 0 (see {@link RungValue}; measured on noisy curves in
 *                     docs/benchmarks/s26.md, session 26)
 * @param rungTrend    {@code rung_trend} (issue 13 session 26): with a window of 3 or more reports, the value is
 *                     the least-squares line through those reports at the last one ({@code true}) rather than their mean ({@code false},
 *                     the default)
 * @param choiceScout  {@code choice_scout} (a tunerd addition, issue 13 sessions 29-31; with {@code sampler: tpe}):
 *                     while an option of a named {@code choice} other than the model's favourite has been drawn from
 *                     the prior (at random or by a scout) fewer than this many times, every other draw the model
 *                     would make is a scout (that option, the other parameters spread over their prior), then never
 *                     again (see {@link dev.tunerd.tuners.common.ChoiceScout}); 0 .. 1000 (0: off), default 5 since
 *                     session 31
 */
public record AshaArgs(Integer minBudget, Integer maxBudget, Integer eta, String optimizeMode, String sampler,
                       Double rankAgreement, Long seed, Double rungShare, Boolean rungTrend, Integer choiceScout) {

    /**
     * The default {@code rank_agreement} (Kendall's tau): 0.5 chosen on tuning seeds 100-119 while the daemon still
     * delivered intermediate results late; 0.7 since issue 13 session 10, retuned for complete evidence on tuning seeds
     * 6000-6019 and held out on 0-19 (docs/benchmarks/s10.md).
     */
    public static final double DEFAULT_RANK_AGREEMENT = 0.7;

    public AshaArgs {
        minBudget = minBudget == null ? 1 : minBudget;
        if (minBudget < 1 || minBudget > 1_000_000) {
            throw new IllegalArgumentException("min_budget must be between 1 and 1000000, got " + minBudget);
        }
        maxBudget = maxBudget == null ? Math.max(81, minBudget) : maxBudget;
        if (maxBudget < minBudget || maxBudget > 1_000_000) {
            throw new IllegalArgumentException("max_budget must be between min_budget (" + minBudget
                + ") and 1000000, got " + maxBudget);
        }
        eta = eta == null ? 3 : eta;
        if (eta < 2 || eta > 1000) {
            throw new IllegalArgumentException("eta must be between 2 and 1000, got " + eta);
        }
        optimizeMode = optimizeMode == null ? "maximize" : optimizeMode;
        if (!optimizeMode.equals("maximize") && !optimizeMode.equals("minimize")) {
            throw new IllegalArgumentException("optimize_mode must be \"maximize\" or \"minimize\", got \""
                + optimizeMode + "\"");
        }
        sampler = sampler == null ? "random" : sampler;
        if (!sampler.equals("random") && !sampler.equals("tpe")) {
            throw new IllegalArgumentException("sampler must be \"random\" or \"tpe\", got \"" + sampler + "\"");
        }
        rankAgreement = rankAgreement == null ? DEFAULT_RANK_AGREEMENT : rankAgreement;
        if (!(rankAgreement >= -1 && rankAgreement <= 1)) {
            throw new IllegalArgumentException("rank_agreement must be between -1 and 1, got " + rankAgreement);
        }
        rungShare = rungShare == null ? 0.0 : rungShare;
        rungTrend = rungTrend != null && rungTrend;
        new RungValue(rungShare, rungTrend); // validates rung_share
        choiceScout = ChoiceScout.checked(choiceScout);
    }

    /** How a trial's value at its rung is read ({@code rung_share}, {@code rung_trend}). */
    public RungValue rungValue() {
        return new RungValue(rungShare, rungTrend);
    }

    /**
     * Settings built key by key in code ({@code AshaArgs.builder().maxBudget(9).sampler("tpe").build()}): a key not
     * set stays absent (null) until {@link Builder#build()}, as in the classArgs parser, because {@code max_budget}'s
     * default depends on {@code min_budget}.
     */
    public static Builder builder() {
        return new Builder();
    }

    /** The keys of {@link AshaArgs} under construction; each setter is named after its key (null: absent). */
    public static final class Builder {
        private Integer minBudget;
        private Integer maxBudget;
        private Integer eta;
        private String optimizeMode;
        private String sampler;
        private Double rankAgreement;
        private Long seed;
        private Double rungShare;
        private Integer choiceScout;
        private Boolean rungTrend;

        private Builder() {
        }

        /** {@code min_budget}. */
        public Builder minBudget(Integer minBudget) {
            this.minBudget = minBudget;
            return this;
        }

        /** {@code max_budget}. */
        public Builder maxBudget(Integer maxBudget) {
            this.maxBudget = maxBudget;
            return this;
        }

        /** {@code eta}. */
        public Builder eta(Integer eta) {
            this.eta = eta;
            return this;
        }

        /** {@code optimize_mode}. */
        public Builder optimizeMode(String optimizeMode) {
            this.optimizeMode = optimizeMode;
            return this;
        }

        /** {@code sampler}. */
        public Builder sampler(String sampler) {
            this.sampler = sampler;
            return this;
        }

        /** {@code rank_agreement}. */
        public Builder rankAgreement(Double rankAgreement) {
            this.rankAgreement = rankAgreement;
            return this;
        }

        /** {@code seed}. */
        public Builder seed(Long seed) {
            this.seed = seed;
            return this;
        }

        /** {@code rung_share}. */
        public Builder rungShare(Double rungShare) {
            this.rungShare = rungShare;
            return this;
        }

        /** {@code rung_trend}. */
        public Builder rungTrend(Boolean rungTrend) {
            this.rungTrend = rungTrend;
            return this;
        }

        /** {@code choice_scout}. */
        public Builder choiceScout(Integer choiceScout) {
            this.choiceScout = choiceScout;
            return this;
        }

        /** The settings, validated and with defaults filled in by the canonical constructor. */
        public AshaArgs build() {
            return new AshaArgs(minBudget, maxBudget, eta, optimizeMode, sampler, rankAgreement, seed, rungShare,
                rungTrend, choiceScout);
        }
    }


    public OptimizeMode mode() {
        return optimizeMode.equals("maximize") ? OptimizeMode.MAXIMIZE : OptimizeMode.MINIMIZE;
    }

    /**
     * Rung budgets, geometric from the top as Hyperband's: with {@code K = floor(log_eta(max_budget / min_budget))},
     * rung {@code k} trains {@code floor(max_budget / eta^(K - k))} epochs, so the last step up is always a factor
     * eta (a ladder counted up from {@code min_budget} could end with a useless step such as 18 to 20).
     */
    public int[] budgets() {
        int top = (int) Math.floor(Math.log((double) maxBudget / minBudget) / Math.log(eta) + 1e-9);
        int[] out = new int[top + 1];
        for (int k = 0; k <= top; k++) {
            out[k] = Math.max(1, (int) Math.floor(maxBudget / Math.pow(eta, top - k) + 1e-9));
        }
        return out;
    }
}
