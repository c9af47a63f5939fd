/**
 * {@code tunerd report}: an offline, self-contained HTML report of an experiment (best result so far by trial and by
 * time, parallel coordinates, permutation importance on a small random forest, intermediate results with early stops,
 * a sortable paged trial table), read from a tunerd checkpoint through the daemon's checkpoint reader or from the
 * {@code trials.jsonl} of {@code tunerd simulate}. Everything that came from the manager is escaped. Stateless
 * classes; one report per call.
 */
package dev.tunerd.report;
