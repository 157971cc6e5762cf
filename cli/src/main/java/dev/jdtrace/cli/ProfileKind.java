package dev.jdtrace.cli;

/** The witness profiles {@code run} offers. */
enum ProfileKind {
  optimal("optimal"),
  condition_targets("condition-targets"),
  all_blocks("all-blocks");

  private final String label;

  ProfileKind(final String label) {
    this.label = label;
  }

  String label() {
    return label;
  }

  @Override
  public String toString() {
    return label;
  }
}
