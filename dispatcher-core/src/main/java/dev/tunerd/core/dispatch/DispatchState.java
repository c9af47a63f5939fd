package dev.tunerd.core.dispatch;

/**
 * The state of one dispatcher, grouped so that a checkpoint can read it: the parameter ledger, the assessor
 * histories, the (serialised) observer and the reply sink. Thread-safe: each part is.
 */
public final class DispatchState {

    private final ParameterLedger ledger = new ParameterLedger();
    private final AssessorHistories histories = new AssessorHistories();
    private final DispatchObserver observer;
    private final ReplySink sink;
    private final ParameterIssuer issuer;
    private volatile ResumePlan resumePlan = ResumePlan.NONE;

    /**
     * @param observer told about every change before it is acknowledged; {@link DispatchObserver#NONE} for none
     * @param sink     the one writer
     */
    public DispatchState(DispatchObserver observer, ReplySink sink) {
        this.observer = new SerialObserver(observer);
        this.sink = sink;
        this.issuer = new ParameterIssuer(ledger, this.observer, sink);
    }

    public ParameterLedger ledger() {
        return ledger;
    }

    public AssessorHistories histories() {
        return histories;
    }

    DispatchObserver observer() {
        return observer;
    }

    ReplySink sink() {
        return sink;
    }

    /**
     * Sets how the dispatcher continues a previous run (from the start hook, on main, before the dispatcher is
     * built); {@link ResumePlan#NONE} by default.
     */
    public void planResume(ResumePlan plan) {
        this.resumePlan = java.util.Objects.requireNonNull(plan, "plan");
    }

    ResumePlan resumePlan() {
        return resumePlan;
    }

    /** The issuer of parameter sets for this state; give it to the tuner as its {@code ParameterSender}. */
    public ParameterIssuer issuer() {
        return issuer;
    }
}
