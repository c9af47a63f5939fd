package dev.tunerd.tuners.pbt;

/**
 * One member of the population in the current generation: its hyperparameters (internal representation), the
 * directory its trial loads from and the one it saves into. Mutable; owned by {@link Population}.
 */
final class Member {
    final int index;
    double[] internal;
    String loadDirectory;
    String saveDirectory;

    Member(int index, double[] internal, String loadDirectory, String saveDirectory) {
        this.index = index;
        this.internal = internal;
        this.loadDirectory = loadDirectory;
        this.saveDirectory = saveDirectory;
    }
}
