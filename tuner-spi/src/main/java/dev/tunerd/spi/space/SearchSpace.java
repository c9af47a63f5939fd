package dev.tunerd.spi.space;

import dev.tunerd.spi.InvalidSearchSpaceException;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import java.util.List;
import java.util.Set;

/**
 * A parsed, validated NNI search space and the conversion between the internal representation tuners work in
 * ({@link ParameterSpec}) and the user's parameter values. Immutable and thread-safe.
 *
 * <p>CONTRACT DRAFT: the method bodies are filled in by the search-space work (issue 3); the signatures are what
 * the tuners code against.
 */
public final class SearchSpace {

    private SearchSpace() {
    }

    /**
     * Parses and validates with NNI's rules and messages.
     *
     * @param supported the types the calling algorithm supports
     * @throws InvalidSearchSpaceException carrying every violation
     */
    public static SearchSpace parse(JsonObject raw, Set<ParameterType> supported) {
        throw new UnsupportedOperationException("search space parsing is not implemented yet");
    }

    /** The space as the user sent it. */
    public JsonObject raw() {
        throw new UnsupportedOperationException();
    }

    /** Every parameter, nested ones included, parents before their children, in the user's key order. */
    public List<ParameterSpec> parameters() {
        throw new UnsupportedOperationException();
    }

    /** Whether parameter {@code index} is active given the internal values chosen so far for its ancestors. */
    public boolean isActive(int index, double[] internal) {
        throw new UnsupportedOperationException();
    }

    /**
     * Internal values (one per parameter; inactive ones ignored, conventionally NaN) to the user's parameters: the
     * object sent in {@code TR}. Applies q rounding (half to even), clipping, exp for log types, randint offsets,
     * JSON integer versus float typing, nested {@code _name} objects.
     */
    public JsonObject format(double[] internal) {
        throw new UnsupportedOperationException();
    }

    /**
     * The reverse of {@link #format}: user parameters (from {@code FD} or a checkpoint) to internal values, NaN for
     * inactive parameters.
     *
     * @throws IllegalArgumentException naming the key when a value does not fit this space
     */
    public double[] deformat(JsonValue parameters) {
        throw new UnsupportedOperationException();
    }

    /**
     * True when the space has finitely many distinct parameter sets (no continuous active parameter), in which case
     * tuners deduplicate (NNI's {@code dedup.py}).
     */
    public boolean isFinite() {
        throw new UnsupportedOperationException();
    }
}
