package dev.tunerd.report;

import dev.tunerd.simulator.report.Html;
import java.util.Locale;
import java.util.Map;

/** {@link PermutationImportance} as horizontal bars, largest first, with the percentages. Stateless. */
final class ImportanceChart {

    private static final int WIDTH = 760;
    private static final int LABEL = 220;
    private static final int ROW = 22;

    private ImportanceChart() {
    }

    static String render(PermutationImportance.Result r) {
        Map<String, Double> share = r.share();
        int height = 40 + ROW * share.size() + 10;
        double max = share.values().stream().mapToDouble(Double::doubleValue).max().orElse(0);
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT,
            "<svg xmlns='http://www.w3.org/2000/svg' class='chart' data-chart='importance' width='%d' height='%d' "
                + "viewBox='0 0 %d %d' font-family='sans-serif' font-size='12'>", WIDTH, height, WIDTH, height));
        sb.append("<text x='10' y='20' font-size='14' font-weight='bold'>Parameter importance (permutation, random "
            + "forest)</text>");
        int row = 0;
        for (Map.Entry<String, Double> e : share.entrySet()) {
            double y = 34 + ROW * row++;
            double w = max <= 0 ? 0 : (WIDTH - LABEL - 70) * e.getValue() / max;
            sb.append(String.format(Locale.ROOT, "<text x='%d' y='%.1f' text-anchor='end'>%s</text>", LABEL - 6, y + 14,
                Html.escape(Html.cap(e.getKey(), 32))));
            sb.append(String.format(Locale.ROOT, "<rect class='bar' x='%d' y='%.1f' width='%.1f' height='16' "
                + "fill='#4a7bc0'><title>%s</title></rect>", LABEL, y + 2, Math.max(0.5, w), Html.text(e.getKey())));
            sb.append(String.format(Locale.ROOT, "<text x='%.1f' y='%.1f'>%.1f%%</text>", LABEL + Math.max(0.5, w) + 5,
                y + 14, e.getValue()));
        }
        return sb.append("</svg>").toString();
    }
}
