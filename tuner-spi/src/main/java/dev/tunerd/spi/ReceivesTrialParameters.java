package dev.tunerd.spi;

import dev.tunerd.spi.json.JsonValue;

/**
 * An optional ability of an {@link Assessor}: it is also told the parameters of the trials it judges (NNI's assessors
 * see only the intermediate results). An assessor that does not implement it is called exactly as before.
 *
 * <p>The dispatcher calls it on the assessor worker, with the parameter set as the trial got it (the {@code
 * parameters} of its {@code TR}, without NNI's {@code parameter_id} wrapper):
 * <ul>
 *   <li>before the first {@link Assessor#assessTrial} of a trial whose parameters it knows: a set it issued in this
 *       run, or a set of before a restart or resume (from its checkpoint, or re-submitted by the manager) whose
 *       trial's metrics reach the assessor (a previous run's trials do so only for a tuner that names its ids and was
 *       restored from its own state; spec 4.7): told again after the restart, before the next judgement;
 *   <li>before {@link Assessor#trialEnd}, for a trial it had no parameters for until then, when the trial end carries
 *       them in its {@code hyper_params} (a customized trial): so the assessor may still learn from it.
 * </ul>
 * At most once per trial job id and run of the dispatcher, unless the trial ended in between. Trials whose parameters
 * the dispatcher does not know are judged without this call. Under the assessor's one-thread-at-a-time rule.
 */
public interface ReceivesTrialParameters {

    /**
     * The parameters of {@code trialJobId}.
     *
     * @param parameters the trial's parameter set (usually an object); never null
     */
    void trialParameters(String trialJobId, JsonValue parameters);
}
