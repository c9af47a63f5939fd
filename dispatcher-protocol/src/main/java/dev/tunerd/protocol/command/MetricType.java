package dev.tunerd.protocol.command;

/** The {@code type} of a reported metric ({@code ME}). Immutable. */
public enum MetricType {
    /** The trial's final result: goes to the tuner. */
    FINAL,
    /** An intermediate result: goes to the assessor. */
    PERIODICAL,
    /** Multi-phase parameter request (NNI 2.1 and older). */
    REQUEST_PARAMETER;

    /** The type named on the wire, or null when the name is not one of the three. */
    static MetricType fromWire(String name) {
        return switch (name) { // once per ME: values() would copy the array every time
            case "FINAL" -> FINAL;
            case "PERIODICAL" -> PERIODICAL;
            case "REQUEST_PARAMETER" -> REQUEST_PARAMETER;
            default -> null;
        };
    }
}
