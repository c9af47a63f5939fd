package dev.tunerd.tuners.gp;

/**
 * The Cholesky factor of a small symmetric positive definite matrix and what the GP does with it: the factorisation
 * in place, solves with the factor and its transpose, and the inverse of the matrix. Each entry is computed with the
 * same operations in the same order as EJML's inner-product Cholesky ({@code CholeskyDecompositionInner_DDRM}), its
 * triangular solves and its inverse from the factor ({@code LinearSolverChol_DDRM}), which the GP used until session
 * 21, so every result is bit for bit theirs (checked by {@code AcquisitionMathTest} on EJML itself). What differs is
 * how the sums are scheduled: the entries that do not depend on each other (two to four of a column of the factor, of
 * a row of the inverse, two rows of a solve) are summed side by side, so the processor is not kept waiting on one
 * subtraction after another, and nothing is zeroed or copied. Row-major n x n arrays; only the lower triangle of a
 * factor is written or read. Stateless.
 */
final class LowerFactor {
    private LowerFactor() {
    }

    /**
     * Factorises {@code t} in place: reads its upper triangle and diagonal (the matrix, symmetric), writes the factor
     * L to the lower triangle and the diagonal (the upper triangle keeps the matrix).
     *
     * @return false when the matrix is not numerically positive definite (a diagonal sum at or below 0)
     */
    static boolean factorise(double[] t, int n) {
        for (int i = 0; i < n; i++) {
            int ri = i * n;
            double diagonal = t[ri + i];
            for (int k = 0; k < i; k++) {
                diagonal -= t[ri + k] * t[ri + k];
            }
            if (diagonal <= 0.0) {
                return false;
            }
            double lii = Math.sqrt(diagonal);
            t[ri + i] = lii;
            double inverse = 1.0 / lii;
            int j = i + 1;
            for (; j + 3 < n; j += 4) {
                int r0 = j * n;
                int r1 = r0 + n;
                int r2 = r1 + n;
                int r3 = r2 + n;
                double s0 = t[ri + j];
                double s1 = t[ri + j + 1];
                double s2 = t[ri + j + 2];
                double s3 = t[ri + j + 3];
                for (int k = 0; k < i; k++) {
                    double lik = t[ri + k];
                    s0 -= lik * t[r0 + k];
                    s1 -= lik * t[r1 + k];
                    s2 -= lik * t[r2 + k];
                    s3 -= lik * t[r3 + k];
                }
                t[r0 + i] = s0 * inverse;
                t[r1 + i] = s1 * inverse;
                t[r2 + i] = s2 * inverse;
                t[r3 + i] = s3 * inverse;
            }
            for (; j < n; j++) {
                int rj = j * n;
                double s = t[ri + j];
                for (int k = 0; k < i; k++) {
                    s -= t[ri + k] * t[rj + k];
                }
                t[rj + i] = s * inverse;
            }
        }
        return true;
    }

    /**
     * Solves L z = b in place. Two rows at a time: each row's sum runs over the columns in the same order as one row at
     * a time would (the second row takes the first's solution last).
     */
    static void solve(double[] l, int n, double[] b) {
        int i = 0;
        for (; i + 1 < n; i += 2) {
            int row = i * n;
            int next = row + n;
            double s = b[i];
            double t = b[i + 1];
            for (int j = 0; j < i; j++) {
                double bj = b[j];
                s -= l[row + j] * bj;
                t -= l[next + j] * bj;
            }
            double bi = s / l[row + i];
            b[i] = bi;
            t -= l[next + i] * bi;
            b[i + 1] = t / l[next + i + 1];
        }
        if (i < n) {
            int row = i * n;
            double s = b[i];
            for (int j = 0; j < i; j++) {
                s -= l[row + j] * b[j];
            }
            b[i] = s / l[row + i];
        }
    }

    /** {@link #solve} on four right-hand sides at once, each bit for bit as on its own. */
    static void solve4(double[] l, int n, double[] b0, double[] b1, double[] b2, double[] b3) {
        for (int i = 0; i < n; i++) {
            int row = i * n;
            double s0 = b0[i];
            double s1 = b1[i];
            double s2 = b2[i];
            double s3 = b3[i];
            for (int j = 0; j < i; j++) {
                double lij = l[row + j];
                s0 -= lij * b0[j];
                s1 -= lij * b1[j];
                s2 -= lij * b2[j];
                s3 -= lij * b3[j];
            }
            double d = l[row + i];
            b0[i] = s0 / d;
            b1[i] = s1 / d;
            b2[i] = s2 / d;
            b3[i] = s3 / d;
        }
    }

    /** Solves L^T z = b in place, each entry a sum over the later ones in increasing order. */
    static void solveTransposed(double[] l, int n, double[] b) {
        for (int i = n - 1; i >= 0; i--) {
            double s = b[i];
            for (int j = i + 1; j < n; j++) {
                s -= l[j * n + i] * b[j];
            }
            b[i] = s / l[i * n + i];
        }
    }

    /**
     * The inverse of L L^T into {@code a} (n x n, every entry written): first L^-1, transposed into the upper triangle
     * (row j of L^-1's column i at a[j][i], each entry a sum over the columns from i - 1 down to j), then the inverse
     * row by row from the last, each entry a sum over the later rows in increasing order, mirrored.
     */
    static void invert(double[] l, int n, double[] a) {
        for (int i = 0; i < n; i++) {
            int ri = i * n;
            double lii = l[ri + i];
            int j = 0;
            for (; j + 1 <= i; j += 2) {
                int r0 = j * n;
                int r1 = r0 + n;
                double s0 = 0;
                double s1 = i == j + 1 ? 1.0 : 0;
                for (int k = i - 1; k > j; k--) {
                    double lik = l[ri + k];
                    s0 -= lik * a[r0 + k];
                    s1 -= lik * a[r1 + k];
                }
                s0 -= l[ri + j] * a[r0 + j];
                a[r0 + i] = s0 / lii;
                a[r1 + i] = s1 / lii;
            }
            if (j == i) {
                a[ri + i] = 1.0 / lii;
            }
        }
        for (int i = n - 1; i >= 0; i--) {
            int ri = i * n;
            double lii = l[ri + i];
            int j = 0;
            for (; j + 1 <= i; j += 2) {
                int r0 = j * n;
                int r1 = r0 + n;
                double s0 = a[r0 + i];
                double s1 = a[r1 + i];
                for (int k = i + 1; k < n; k++) {
                    double lki = l[k * n + i];
                    s0 -= lki * a[r0 + k];
                    s1 -= lki * a[r1 + k];
                }
                double v0 = s0 / lii;
                double v1 = s1 / lii;
                a[ri + j] = v0;
                a[r0 + i] = v0;
                a[ri + j + 1] = v1;
                a[r1 + i] = v1;
            }
            if (j == i) {
                double s = a[ri + i];
                for (int k = i + 1; k < n; k++) {
                    s -= l[k * n + i] * a[ri + k];
                }
                a[ri + i] = s / lii;
            }
        }
    }
}
