package dev.jdtrace.plan.icfg;

/** The witness profiles the planner offers. */
public enum ProfileKind {
  /** The node-based optimal profile (seed Fig. 11), made decodable across calls. */
  OPTIMAL("optimal"),
  /** Every target of every branch: the baseline. */
  CONDITION_TARGETS("condition-targets"),
  /** Every block: the stream is the path, the ground truth. */
  ALL_BLOCKS("all-blocks");

  private final String label;

  ProfileKind(final String label) {
    this.label = label;
  }

  /** The name used on the command line and in plans. */
  public String label() {
    return label;
  }

  /** The kind with this label. */
  public static ProfileKind of(final String label) {
    for (final ProfileKind k : values()) {
      if (k.label.equals(label)) {
        return k;
      }
    }
    throw new IllegalArgumentException("unknown profile " + label + ": use optimal, condition-targets or all-blocks");
  }

  @Override
  public String toString() {
    return label;
  }
}
