package dev.tunerd.spi.space;

import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Whether a user's parameter set (an {@code FD} entry) is one the search space could have produced: every key known
 * (also inside nested-choice branches, where {@code _name} is allowed), every choice value one of the options, every
 * randint value an integer in range, every uniform-family value within its bounds. {@link SearchSpace#deformat}
 * alone accepts unknown keys and out-of-range numbers. Stateless.
 */
final class FitCheck {
    private FitCheck() {
    }

    /** Why {@code parameters} does not fit {@code space}, or empty when it does. */
    static Optional<String> misfit(SearchSpace space, JsonValue parameters) {
        if (!(parameters instanceof JsonObject object)) {
            return Optional.of("parameters are a " + PythonRepr.typeName(parameters) + ", not a dict");
        }
        double[] internal;
        try {
            internal = space.deformat(parameters);
        } catch (IllegalArgumentException e) {
            return Optional.of(e.getMessage());
        }
        Optional<String> unknown = unknownKey(space, object, -1, -1, internal, "");
        return unknown.isPresent() ? unknown : outOfRange(space, internal);
    }

    private static Optional<String> unknownKey(SearchSpace space, JsonObject object, int parentIndex,
                                               int parentBranch, double[] internal, String prefix) {
        List<ParameterSpec> specs = space.parameters();
        for (Map.Entry<String, JsonValue> member : object.members().entrySet()) {
            String key = member.getKey();
            if (parentIndex >= 0 && key.equals("_name")) {
                continue;
            }
            int index = find(specs, key, parentIndex, parentBranch);
            if (index < 0) {
                return Optional.of("parameter \"" + prefix + key + "\" is not in the search space");
            }
            if (specs.get(index).isNestedChoice() && member.getValue() instanceof JsonObject branch) {
                Optional<String> inner = unknownKey(space, branch, index, (int) internal[index], internal,
                    prefix + key + "/");
                if (inner.isPresent()) {
                    return inner;
                }
            }
        }
        return Optional.empty();
    }

    private static int find(List<ParameterSpec> specs, String key, int parentIndex, int parentBranch) {
        for (int i = 0; i < specs.size(); i++) {
            ParameterSpec p = specs.get(i);
            if (p.name().equals(key) && p.parentIndex() == parentIndex && p.parentBranch() == parentBranch) {
                return i;
            }
        }
        return -1;
    }

    private static Optional<String> outOfRange(SearchSpace space, double[] internal) {
        List<ParameterSpec> specs = space.parameters();
        for (int i = 0; i < specs.size(); i++) {
            ParameterSpec p = specs.get(i);
            boolean active = p.parentIndex() < 0 || internal[p.parentIndex()] == p.parentBranch();
            if (active && Double.isNaN(internal[i])) { // NaN marks an inactive parameter; an active one has a value
                return Optional.of("parameter \"" + String.join("/", p.path()) + "\" value is NaN, not a number in "
                    + p.type().wireName() + " " + PythonRepr.repr(p.values()));
            }
            if (p.categorical() || p.normal() || Double.isNaN(internal[i])) {
                continue;
            }
            if (internal[i] < Math.min(p.low(), p.high()) || internal[i] > Math.max(p.low(), p.high())) {
                double user = p.log() ? Math.exp(internal[i]) : internal[i];
                return Optional.of("parameter \"" + String.join("/", p.path()) + "\" value " + PythonRepr.repr(user) + " is outside " + p.type().wireName() + " "
                    + PythonRepr.repr(p.values()));
            }
        }
        return Optional.empty();
    }
}
