package dev.tunerd.spi;

import dev.tunerd.spi.text.SafeText;
import java.util.List;

/** The search space breaks a rule of the format or is not supported by the algorithm; carries every violation. */
public class InvalidSearchSpaceException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final List<String> problems;

    /** How many problems the exception's message lists (all of them are in {@link #problems()}). */
    public static final int LISTED_IN_MESSAGE = 20;

    public InvalidSearchSpaceException(List<String> problems) {
        super(message(problems));
        this.problems = List.copyOf(problems);
    }

    /** The first {@value #LISTED_IN_MESSAGE} problems, each cut after 300 characters, and how many more there are. */
    private static String message(List<String> problems) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < Math.min(LISTED_IN_MESSAGE, problems.size()); i++) {
            sb.append(i == 0 ? "" : "; ").append(SafeText.capped(problems.get(i), 300));
        }
        if (problems.size() > LISTED_IN_MESSAGE) {
            sb.append("; ... and ").append(problems.size() - LISTED_IN_MESSAGE).append(" more");
        }
        return sb.toString();
    }

    public InvalidSearchSpaceException(String problem) {
        this(List.of(problem));
    }

    /** Each violation, one message each, in NNI's wording where NNI has one. */
    public List<String> problems() {
        return problems;
    }
}
