package dev.jdtrace.analysis;

/** The forms {@code jdtrace diff} writes its result in. */
public enum DiffFormat {
  /** For a person: first differences with context and call stacks, then a summary. */
  text,
  /** JUnit XML in the Surefire schema: one test case per thread, the first divergence as its failure. */
  junit,
  /** GitHub workflow annotations ({@code ::error file=…,line=…::…}) at the first divergence's source line. */
  github
}
