package dev.tunerd.tuners.gp;

import dev.tunerd.tuners.model.FeatureSpace;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.List;

/**
 * The observations' feature vectors ({@link FeatureSpace#encode}) as a list, each encoded on its first {@code get}
 * and kept: the same vectors as encoding every observation when it arrives, without the work for those the model
 * never takes (a probe on 5,000 imports takes 150 of them). Holds the caller's internal vectors until then (the host
 * tuners do not change a vector once observed). Only {@code add}, {@code get} and {@code size}. Not thread-safe.
 */
final class EncodedRows extends AbstractList<double[]> {
    private final FeatureSpace space;
    private final List<double[]> internal = new ArrayList<>();
    private final List<double[]> encoded = new ArrayList<>();

    EncodedRows(FeatureSpace space) {
        this.space = space;
    }

    @Override
    public boolean add(double[] internalVector) {
        internal.add(internalVector);
        encoded.add(null);
        return true;
    }

    @Override
    public double[] get(int i) {
        double[] f = encoded.get(i);
        if (f == null) {
            f = space.encode(internal.get(i));
            encoded.set(i, f);
            internal.set(i, null);
        }
        return f;
    }

    @Override
    public int size() {
        return encoded.size();
    }
}
