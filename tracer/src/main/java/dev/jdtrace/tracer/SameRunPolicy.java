package dev.jdtrace.tracer;

/**
 * What the user lets a run assume about its sessions' runs (DESIGN §2, "Same run"). Merging sessions is exact
 * only when all of them ran the same path; jdtrace checks what it can and traces in one session when that
 * fails.
 *
 * @param deterministic the user says the program takes the same path in every run, threads included: its
 *     sessions are merged even when several threads run traced code (every other check still holds)
 * @param fallback when sessions disagree, trace again in one session (exact whatever the program does); when
 *     false, the run ends in a divergence instead, for users who want to know
 */
public record SameRunPolicy(boolean deterministic, boolean fallback) {
  /** The default: nothing assumed, one session when the sessions' runs cannot be shown the same. */
  public static final SameRunPolicy CHECKED = new SameRunPolicy(false, true);
}
