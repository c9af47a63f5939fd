package dev.tunerd.tuners.common;

import java.util.ArrayList;
import java.util.List;

/**
 * How a multi-fidelity advisor reads a trial's value at its budget from what the trial reported (issue 13, session
 * 26). NNI's Hyperband and BOHB, and Li et al.'s ASHA, take one value, the trial's final result (its last report).
 * Under noise that one value ranks trials by their luck on the last epoch as much as by their curves. With a
 * {@code share} above 0 the value is read from the last reports instead, as many as that share of the reports the
 * trial made (at least one; a trial trained to budget {@code b} with one report per epoch is read from its last
 * {@code round(share * b)} reports, so the window grows with the budget and stays in the late, flatter part of a
 * curve): their mean, or with {@code trend} the least-squares line through them (report number against value) at the
 * last report, which does not lag behind a curve that still falls as the mean does. A trial's final result counts as
 * its last report: it replaces the last intermediate result (NNI's trial code reports the same metric at the same
 * epoch twice, once as intermediate and once as final); a trial with no intermediate results is read from its final
 * alone. Immutable, thread-safe.
 *
 * @param share the share of a trial's reports read, 0..1; 0 is the last value alone (NNI's, the default)
 * @param trend whether the value is the fitted line's at the last report (true) or the window's mean (false); with a
 *              window of 1 or 2 reports the line goes through the last report, so it is the last value
 */
public record RungValue(double share, boolean trend) {

    /** NNI's reading: the last value alone. */
    public static final RungValue LAST = new RungValue(0, false);

    public RungValue {
        if (!(share >= 0 && share <= 1)) {
            throw new IllegalArgumentException("rung_share must be between 0 and 1, got " + share);
        }
    }

    /** Whether the value may be more than the last report (a share above 0). */
    public boolean smooths() {
        return share > 0;
    }

    /** The reports read of {@code n}: {@code round(share * n)}, at least 1. */
    public int window(int n) {
        return Math.max(1, (int) Math.round(share * n));
    }

    /** The value of the reports {@code values} (oldest first, at least one): the last {@link #window} of them. */
    public double of(List<Double> values) {
        int n = values.size();
        if (n == 0) {
            throw new IllegalArgumentException("no value to read");
        }
        int w = window(n);
        if (w == 1) {
            return values.get(n - 1);
        }
        double mean = 0;
        for (int i = n - w; i < n; i++) {
            mean += values.get(i);
        }
        mean /= w;
        if (!trend) {
            return mean;
        }
        // least squares over x = 0..w-1: slope = sum (x - xbar)(y - ybar) / sum (x - xbar)^2, read at x = w - 1
        double xbar = (w - 1) / 2.0;
        double sxy = 0;
        double sxx = 0;
        for (int i = 0; i < w; i++) {
            double dx = i - xbar;
            sxy += dx * (values.get(n - w + i) - mean);
            sxx += dx * dx;
        }
        return mean + sxy / sxx * xbar;
    }

    /**
     * The value of intermediate reports {@code intermediate} (oldest first, possibly none) closed by the final result
     * {@code finalValue}, which takes the last intermediate report's place.
     */
    public double withFinal(List<Double> intermediate, double finalValue) {
        int n = intermediate.size();
        if (!smooths() || n == 0) {
            return finalValue;
        }
        List<Double> values = new ArrayList<>(intermediate);
        values.set(n - 1, finalValue);
        return of(values);
    }

    /**
     * The value read after each report of {@code values}: element {@code i} is {@link #of} the first {@code i + 1},
     * what a trial trained to budget {@code i + 1} would be ranked by (the rank check reads a full training's value at
     * each rung's budget from it).
     */
    public List<Double> series(List<Double> values) {
        if (!smooths()) {
            return values;
        }
        List<Double> out = new ArrayList<>(values.size());
        for (int i = 1; i <= values.size(); i++) {
            out.add(of(values.subList(0, i)));
        }
        return out;
    }
}
