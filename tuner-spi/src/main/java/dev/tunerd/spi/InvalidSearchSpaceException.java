package dev.tunerd.spi;

import java.util.List;

/** The search space breaks a rule of the format or is not supported by the algorithm; carries every violation. */
public class InvalidSearchSpaceException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final List<String> problems;

    public InvalidSearchSpaceException(List<String> problems) {
        super(String.join("; ", problems));
        this.problems = List.copyOf(problems);
    }

    public InvalidSearchSpaceException(String problem) {
        this(List.of(problem));
    }

    /** Each violation, one message each, in NNI's wording where NNI has one. */
    public List<String> problems() {
        return problems;
    }
}
