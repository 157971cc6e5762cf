package dev.jdtrace.analysis;

import java.util.List;

/**
 * What {@link TraceComparison} tells a view of its result, thread by thread and then in sum: the text
 * report a person reads ({@link DiffReport}), JUnit XML ({@link JunitDiffReport}) or GitHub workflow
 * annotations ({@link GithubDiffReport}) for CI.
 */
interface DiffView {
  /** A thread in both traces with the same path of {@code entries} block entries. */
  default void same(final String thread, final long entries) {
  }

  /** A thread in both traces whose paths differ. */
  void thread(String name, ThreadDiff.Result result);

  /** The end: {@code compared} threads were in both traces, with {@code entries} block entries in A. */
  void summary(int compared, long entries, List<String> onlyA, List<String> onlyB);
}
