package dev.tunerd.simulator.manager;

/** A simulated experiment could not finish: the daemon failed, broke the protocol or went silent. */
public final class SimulationException extends Exception {

    public SimulationException(String message) {
        super(message);
    }

    public SimulationException(String message, Throwable cause) {
        super(message, cause);
    }
}
