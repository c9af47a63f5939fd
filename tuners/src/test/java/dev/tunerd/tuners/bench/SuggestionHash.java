package dev.tunerd.tuners.bench;

import java.util.Locale;

/**
 * A fingerprint of a tuner of {@link BenchDrivers}: every suggestion of sequential seeded runs on the nine problems,
 * hashed bit for bit, one line per problem and a total. Equal lines before and after a change of arithmetic show
 * that the change left every suggestion as it was (docs/benchmarks/s09.md, "DNGO's arithmetic"). Run (classpath as for
 * {@link QualityBench}): <pre>java … dev.tunerd.tuners.bench.SuggestionHash DNGO 100 2</pre> (tuner, trials, seeds
 * 1..n). Not a unit test: it prints, it does not assert.
 */
public final class SuggestionHash {
    private SuggestionHash() {
    }

    public static void main(String[] args) {
        String name = args[0];
        int trials = Integer.parseInt(args[1]);
        int seeds = Integer.parseInt(args[2]);
        long total = 0;
        for (Problem p : Problem.all()) {
            long h = 17;
            for (long seed = 1; seed <= seeds; seed++) {
                Driver d = BenchDrivers.all().get(name).apply(p.space(), seed);
                for (int i = 0; i < trials; i++) {
                    double[] x = d.ask();
                    for (double v : x) {
                        h = 31 * h + Double.doubleToLongBits(v);
                    }
                    d.tell(x, p.value(x));
                }
            }
            System.out.printf(Locale.ROOT, "%s %s %016x%n", name, p.name(), h);
            total = 31 * total + h;
        }
        System.out.printf(Locale.ROOT, "%s all %016x%n", name, total);
    }
}
