package dev.tunerd.spi;

import java.util.List;

/**
 * The factory side of an algorithm, found through {@link java.util.ServiceLoader} (see {@link TunerProvider} and
 * {@link AssessorProvider}). Kept apart from the algorithm so that names, aliases and argument types can be listed
 * without creating anything.
 *
 * <p>classArgs reach {@link #create} as an instance of {@link #argsType()}: a record whose component names are the
 * classArgs keys in lowerCamelCase ({@code optimizeMode} for {@code optimize_mode}); a component whose name starts
 * with an upper-case letter is the key verbatim (Hyperband's {@code R}). The dispatcher binds the user's
 * JSON to it strictly (unknown keys, wrong types and nulls for primitives are errors) and components left out of the
 * JSON are null (or zero for primitives), so the record's compact constructor applies defaults and checks ranges,
 * throwing {@link IllegalArgumentException} with a message that names the key. Binding {@code {}} must succeed: it
 * yields the defaults shown by {@code tunerd --list}.
 *
 * @param <A> the classArgs record type
 * @param <T> what is created ({@link Tuner} or {@link Assessor})
 */
public interface AlgorithmProvider<A extends Record, T> {

    /** The name used in the experiment config, as in NNI ({@code TPE}, {@code Medianstop}); matched case-insensitively. */
    String name();

    /** Other names accepted for the same algorithm (NNI's aliases such as {@code BatchTuner}). */
    default List<String> aliases() {
        return List.of();
    }

    /** One line for {@code tunerd --list}. */
    String description();

    /** The record type classArgs are bound to. */
    Class<A> argsType();

    /** Creates a new instance; called once per dispatcher. */
    T create(AlgorithmContext context, A args);
}
