package dev.tunerd.tuners.pbt;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.System.Logger.Level;
import java.nio.file.Files;
import java.util.List;

import dev.tunerd.spi.AlgorithmContext;
import dev.tunerd.spi.Tuner;
import dev.tunerd.spi.TunerProvider;

/**
 * Registers {@link PbtTuner} under NNI's name {@code PBT} (alias {@code PBTTuner}). {@code all_checkpoint_dir}
 * defaults, as in NNI, to the experiment's checkpoint directory ({@code NNI_CHECKPOINT_DIRECTORY}); without one (a
 * daemon started by hand or by the simulator) a fresh directory {@code tunerd-pbt-*} under the system temporary
 * directory is used and logged (NNI fails there). A directory that cannot be created is a configuration error
 * naming it. Stateless and thread-safe.
 */
public final class PbtProvider implements TunerProvider<PbtClassArgs> {
    private static final System.Logger LOG = System.getLogger(PbtProvider.class.getName());

    @Override
    public String name() {
        return "PBT";
    }

    @Override
    public List<String> aliases() {
        return List.of("PBTTuner");
    }

    @Override
    public String description() {
        return "population based training: generations of checkpointed steps, the bottom copy and perturb the top;"
            + " defers requests until a generation completes";
    }

    @Override
    public Class<PbtClassArgs> argsType() {
        return PbtClassArgs.class;
    }

    @Override
    public Tuner create(AlgorithmContext context, PbtClassArgs args) {
        String dir = args.allCheckpointDir();
        if (dir == null) {
            dir = context.checkpointDirectory().map(Object::toString).orElseGet(PbtProvider::temporaryDirectory);
        }
        CheckpointRoot root = CheckpointRoot.create(dir);
        LOG.log(Level.INFO, "PBT: member checkpoints under " + root.path());
        return new PbtTuner(context, args, root);
    }

    private static String temporaryDirectory() {
        try {
            String dir = Files.createTempDirectory("tunerd-pbt-").toString();
            LOG.log(Level.INFO, "PBT: no all_checkpoint_dir and no NNI_CHECKPOINT_DIRECTORY; using " + dir);
            return dir;
        } catch (IOException e) {
            throw new UncheckedIOException("PBT: cannot create a temporary checkpoint directory", e);
        }
    }
}
