package dev.tunerd.core.dispatch;

import dev.tunerd.spi.ImportedTrial;
import dev.tunerd.spi.NoMoreTrialsException;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.TrialResult;
import dev.tunerd.spi.json.JsonObject;
import dev.tunerd.spi.json.JsonValue;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;

/**
 * A tuner whose calls never overlap: every call holds {@code tunerLock}. This is what keeps {@code trialEnd} (from the
 * assessor worker) from racing {@code receiveTrialResult} (from the default worker), NNI's KeyError crashes. The lock
 * is reentrant so a tuner may send a deferred set from inside one of its own calls. Thread-safe.
 */
final class GuardedTuner implements Tuner {

    private final Tuner tuner;
    private final ReentrantLock tunerLock = new ReentrantLock();

    GuardedTuner(Tuner tuner) {
        this.tuner = tuner;
    }

    /**
     * Runs {@code action} on the tuner itself (not this wrapper) with the lock held, so that several calls, or a call
     * and the record of its effect, form one step no other worker can come between.
     */
    <T> T withLock(Function<Tuner, T> action) {
        tunerLock.lock();
        try {
            return action.apply(tuner);
        } finally {
            tunerLock.unlock();
        }
    }

    @Override
    public void updateSearchSpace(JsonObject searchSpace) {
        tunerLock.lock();
        try {
            tuner.updateSearchSpace(searchSpace);
        } finally {
            tunerLock.unlock();
        }
    }

    @Override
    public JsonValue generateParameters(long parameterId) throws NoMoreTrialsException {
        tunerLock.lock();
        try {
            return tuner.generateParameters(parameterId);
        } finally {
            tunerLock.unlock();
        }
    }

    @Override
    public List<JsonValue> generateMultipleParameters(List<Long> parameterIds) {
        tunerLock.lock();
        try {
            return tuner.generateMultipleParameters(parameterIds);
        } finally {
            tunerLock.unlock();
        }
    }

    @Override
    public void receiveTrialResult(TrialResult result) {
        tunerLock.lock();
        try {
            tuner.receiveTrialResult(result);
        } finally {
            tunerLock.unlock();
        }
    }

    @Override
    public void trialEnd(long parameterId, boolean success) {
        tunerLock.lock();
        try {
            tuner.trialEnd(parameterId, success);
        } finally {
            tunerLock.unlock();
        }
    }

    @Override
    public void importData(List<ImportedTrial> trials) {
        tunerLock.lock();
        try {
            tuner.importData(trials);
        } finally {
            tunerLock.unlock();
        }
    }

    @Override
    public boolean acceptsCustomizedTrials() {
        tunerLock.lock();
        try {
            return tuner.acceptsCustomizedTrials();
        } finally {
            tunerLock.unlock();
        }
    }

    @Override
    public void close() {
        tunerLock.lock();
        try {
            tuner.close();
        } finally {
            tunerLock.unlock();
        }
    }
}
