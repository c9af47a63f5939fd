package dev.tunerd.spi.space;

import dev.tunerd.spi.json.JsonArray;
import java.util.List;
import java.util.Objects;

/**
 * One parameter of a parsed search space, in the internal representation every builtin tuner works in (NNI's
 * {@code ParameterSpec} in {@code formatting.py}). A tuner proposes one {@code double} per parameter (see
 * {@link SearchSpace#format}):
 * <ul>
 *   <li>categorical ({@code choice}, {@code randint}): the index of the option, {@code 0 .. size-1};</li>
 *   <li>uniform family: a value in {@code [low, high]}, where for the log types low/high are the natural logs of the
 *       user's bounds;</li>
 *   <li>normal family: a value drawn from normal({@code mu}, {@code sigma}); for the log types in log space (the
 *       user's mu/sigma already are log-space parameters).</li>
 * </ul>
 * Quantisation ({@code q}, Python's round-half-to-even) and clipping are applied by {@link SearchSpace#format}, not
 * by the tuner.
 *
 * @param name        the key in its (sub-)space
 * @param type        the {@code _type}
 * @param values      the raw {@code _value}
 * @param path        the path from the top: {@code [name]} at the top level, {@code [outer, branchIndex, name]} inside
 *                    a nested choice branch (indices written as decimal strings)
 * @param parentIndex index in {@link SearchSpace#parameters()} of the nested choice this parameter lives under, or
 *                    -1 at the top level
 * @param parentBranch the option index of that parent choice which activates this parameter, or -1
 * @param categorical true for choice and randint
 * @param size        number of options when categorical, else 0
 * @param low         lower bound in internal space (uniform family), NaN otherwise
 * @param high        upper bound in internal space (uniform family), NaN otherwise
 * @param normal      true for the normal family
 * @param mu          mean in internal space (normal family), NaN otherwise
 * @param sigma       standard deviation in internal space (normal family), NaN otherwise
 * @param q           quantum, NaN when not quantised
 * @param clipLow     lower clip bound in user space (quniform/qloguniform), NaN when not clipped
 * @param clipHigh    upper clip bound in user space, NaN when not clipped
 * @param log         true for the log types
 */
public record ParameterSpec(String name, ParameterType type, JsonArray values, List<String> path, int parentIndex,
                            int parentBranch, boolean categorical, int size, double low, double high, boolean normal,
                            double mu, double sigma, double q, double clipLow, double clipHigh, boolean log) {

    public ParameterSpec {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(values, "values");
        path = List.copyOf(path);
    }

    public boolean isTopLevel() {
        return parentIndex < 0;
    }

    public boolean isQuantized() {
        return !Double.isNaN(q);
    }

    /** Whether this is a {@code choice} whose options are all objects with {@code _name} (a nested choice). */
    public boolean isNestedChoice() {
        return type == ParameterType.CHOICE && SpaceParser.isNested(values);
    }

    /** Whether this parameter lives inside a nested-choice branch. */
    public boolean isNested() {
        return parentIndex >= 0;
    }

    /**
     * The user's value of a numeric (non-categorical) parameter from its internal value, exactly as NNI's
     * {@code deformat_parameters}: {@code exp} for log types, then {@code round(x / q) * q} with Python's
     * round-half-to-even (and without a negative zero, as Python's integer {@code round} result has none), then
     * clipping to the user's bounds for quniform/qloguniform with Python's {@code max}/{@code min} semantics.
     *
     * @throws IllegalStateException for choice and randint
     */
    public double formatNumber(double internal) {
        if (categorical) {
            throw new IllegalStateException(name + " is categorical");
        }
        double x = log ? Math.exp(internal) : internal;
        if (isQuantized()) {
            double steps = Math.rint(x / q);
            x = (steps == 0 ? 0.0 : steps) * q;
        }
        if (!Double.isNaN(clipLow)) {
            x = clipLow > x ? clipLow : x;
            x = clipHigh < x ? clipHigh : x;
        }
        return x;
    }
}
