/**
 * What a simulated run leaves behind: live progress on stderr ({@link dev.tunerd.simulator.report.ProgressReporter}),
 * the summary table, {@code trials.jsonl} and a self-contained {@code report.html} with inline SVG charts. Nothing
 * here writes to stdout (the daemon's stdout is the protocol; the simulator keeps its own clean too). The writers
 * are stateless; the progress reporter is used on the manager's thread only.
 */
package dev.tunerd.simulator.report;
