package dev.tunerd.tuners.auto;

import dev.tunerd.spi.space.ParameterSpec;
import dev.tunerd.spi.space.ParameterType;
import dev.tunerd.spi.space.SearchSpace;

/**
 * The few facts about a search space that Auto's rules read: how many parameters, how many of them are
 * {@code choice}s, and whether any choice is nested (a conditional space). {@code randint} counts as numeric (the
 * model tuners treat it as ordinal). Immutable.
 *
 * @param parameters all parameters, nested ones included
 * @param choices    the {@code choice} parameters among them
 * @param nested     whether the space has a nested choice
 */
record SpaceShape(int parameters, int choices, boolean nested) {

    static SpaceShape of(SearchSpace space) {
        int choices = 0;
        boolean nested = false;
        for (ParameterSpec p : space.parameters()) {
            if (p.type() == ParameterType.CHOICE) {
                choices++;
            }
            nested |= p.isNestedChoice() || p.isNested();
        }
        return new SpaceShape(space.parameters().size(), choices, nested);
    }

    int numeric() {
        return parameters - choices;
    }

    String describe() {
        return parameters + " parameter" + (parameters == 1 ? "" : "s") + " (" + numeric() + " numeric, " + choices
            + " choice" + (choices == 1 ? "" : "s") + (nested ? ", nested" : ", flat") + ")";
    }
}
