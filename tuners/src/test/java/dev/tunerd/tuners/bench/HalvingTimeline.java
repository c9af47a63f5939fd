package dev.tunerd.tuners.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * When Hyperband's halving starts paying, read from a {@link HyperbandSim} trace ({@code -Dsim.trace=true}, one
 * worker) of a learning-curve problem with {@code EPOCHS} epochs (issue 13 session 28, the diagnosis of the
 * "a third of the epochs" target): per seed, the epochs spent when the first bracket with {@code s > 0} starts and when
 * its first configuration trained to R ends, the full trainings of bracket 0 and the winners of halving brackets ended
 * by a third of the budget (100 full trainings), the epochs of that third between the starts of halving brackets and
 * the next start, and whether the best observed final at a third came from a halving bracket; then the medians (and
 * quartiles, nearest rank) and means over the seeds. {@code HalvingTimeline TRACE EPOCHS [SEED,SEED...]} (the seeds
 * listed are printed one by one).
 */
public final class HalvingTimeline {
    private static final Pattern START = Pattern.compile("^\\s+(\\d+) (\\d+)-(\\d+)$");
    private static final Pattern FULL = Pattern.compile("^\\s+full \\d+-(\\d+)_\\S+ at (\\d+): observed (\\S+) true.*");
    private static final Pattern SEED = Pattern.compile("^(\\d+),([^,]+),([^,]+),.*");

    private HalvingTimeline() {
    }

    /** One seed's timeline; -1 where there was no halving bracket or no winner of one. */
    record Seed(long seed, long firstHalving, long firstWinner, int fullTrainings, int halvingWinners,
                long halvingEpochs, boolean incumbentFromHalving, double regretAtThird) {
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 2 || args.length > 3) {
            throw new IllegalArgumentException("usage: HalvingTimeline TRACE EPOCHS [SEED,SEED...]");
        }
        int epochs = Integer.parseInt(args[1]);
        List<Seed> seeds = read(Files.readAllLines(Path.of(args[0])), epochs);
        System.out.print(summary(seeds, epochs));
        if (args.length > 2) {
            List<String> wanted = Arrays.asList(args[2].split(","));
            seeds.stream().filter(s -> wanted.contains(Long.toString(s.seed()))).forEach(System.out::println);
        }
    }

    /** The seeds of a trace, in order. */
    static List<Seed> read(List<String> lines, int epochs) {
        long third = (100L * epochs + 2) / 3;
        List<Seed> out = new ArrayList<>();
        Tally t = new Tally();
        for (String line : lines) {
            Matcher m = START.matcher(line);
            if (m.matches()) {
                t.bracketStarts(Long.parseLong(m.group(1)), Integer.parseInt(m.group(3)), third);
                continue;
            }
            m = FULL.matcher(line);
            if (m.matches()) {
                t.fullEnds(Integer.parseInt(m.group(1)), Long.parseLong(m.group(2)), Double.parseDouble(m.group(3)),
                    third);
                continue;
            }
            m = SEED.matcher(line);
            if (m.matches()) {
                t.bracketStarts(third, 0, third); // closes the halving bracket in progress at a third
                out.add(new Seed(Long.parseLong(m.group(1)), t.firstHalving, t.firstWinner, t.full, t.winners,
                    t.halvingEpochs, t.incumbentFromHalving, Double.parseDouble(m.group(3))));
                t = new Tally();
            }
        }
        return out;
    }

    /** What one seed's lines add up to so far. */
    private static final class Tally {
        long firstHalving = -1;
        long firstWinner = -1;
        int full;
        int winners;
        long halvingEpochs;
        boolean incumbentFromHalving;
        double incumbent = Double.POSITIVE_INFINITY;
        long lastStart;
        int lastS;

        void bracketStarts(long spent, int s, long third) {
            if (lastS > 0 && lastStart < third) {
                halvingEpochs += Math.min(spent, third) - lastStart;
            }
            lastStart = spent;
            lastS = s;
            if (s > 0 && firstHalving < 0) {
                firstHalving = spent;
            }
        }

        void fullEnds(int s, long at, double observed, long third) {
            if (s > 0 && firstWinner < 0) {
                firstWinner = at;
            }
            if (at <= third) {
                full += s == 0 ? 1 : 0;
                winners += s > 0 ? 1 : 0;
                if (observed < incumbent) {
                    incumbent = observed;
                    incumbentFromHalving = s > 0;
                }
            }
        }
    }

    /** The medians and means over {@code seeds}. */
    static String summary(List<Seed> seeds, int epochs) {
        long third = (100L * epochs + 2) / 3;
        long[] starts = seeds.stream().mapToLong(Seed::firstHalving).filter(v -> v >= 0).sorted().toArray();
        long[] wins = seeds.stream().mapToLong(Seed::firstWinner).filter(v -> v >= 0).sorted().toArray();
        return String.format(Locale.ROOT, "%d seeds, a third = %d epochs%n"
                + "first halving bracket starts: median %s epochs, quartiles %s (%d seeds without one)%n"
                + "its first winner ends: median %s epochs, quartiles %s%n"
                + "by a third: full trainings of bracket 0 %.1f, winners of halving brackets %.1f (means)%n"
                + "epochs of the first third in halving brackets: %.0f %%%n"
                + "incumbent at a third from a halving bracket: %d seeds%n",
            seeds.size(), third, median(starts), quartiles(starts), seeds.size() - starts.length, median(wins),
            quartiles(wins),
            seeds.stream().mapToInt(Seed::fullTrainings).average().orElse(Double.NaN),
            seeds.stream().mapToInt(Seed::halvingWinners).average().orElse(Double.NaN),
            100 * seeds.stream().mapToLong(Seed::halvingEpochs).average().orElse(Double.NaN) / third,
            seeds.stream().filter(Seed::incumbentFromHalving).count());
    }

    /** The lower and upper quartiles of {@code sorted} (nearest rank), "-" for none. */
    private static String quartiles(long[] sorted) {
        int n = sorted.length;
        return n == 0 ? "-" : sorted[(int) Math.ceil(0.25 * n) - 1] + "-" + sorted[(int) Math.ceil(0.75 * n) - 1];
    }

    private static String median(long[] sorted) {
        if (sorted.length == 0) {
            return "-";
        }
        int n = sorted.length;
        double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0;
        return String.format(Locale.ROOT, "%.0f", median);
    }
}
