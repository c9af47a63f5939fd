package dev.tunerd.simulator.manager;

/** How a simulated trial ended; the names are the EN events NNI sends. */
public enum TrialStatus {
    SUCCEEDED,
    EARLY_STOPPED
}
