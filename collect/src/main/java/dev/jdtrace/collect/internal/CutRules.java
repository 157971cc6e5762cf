package dev.jdtrace.collect.internal;

import java.util.Collection;

/**
 * What an attach decides at its cut and at its last look, from where the threads stand ({@link ThreadStanding}) and
 * what has come: the rules of {@link Attachment#begin} and {@link Attachment#cut}, apart from the VM they read, so
 * that they can be tested without one.
 */
final class CutRules {
  private CutRules() {
  }

  /**
   * Whether the cut resumes the VM and looks again: a thread is running a traced block (its path cannot start
   * exactly), and looks are left. Not for --within, whose windows start at a matching method's entry whatever runs.
   */
  static boolean looksAgain(final Collection<ThreadStanding> stacks, final int look, final boolean within) {
    return look < Attachment.LOOKS && !within && stacks.stream().anyMatch(s -> s.kind() == ThreadStanding.Kind.RUNNING);
  }

  /** jdtrace's own breakpoints at the cut: one per thread at rest, and --within's entry and return breakpoints. */
  static long ownBreakpoints(final Collection<ThreadStanding> stacks, final int windowBreakpoints) {
    return stacks.stream().filter(ThreadStanding::atRest).count() + windowBreakpoints;
  }

  /** Whether the profile's witnesses and jdtrace's own breakpoints together pass the budget (attach --cap). */
  static boolean overBudget(final int witnesses, final long own, final int maxBreakpoints) {
    return witnesses + own > maxBreakpoints;
  }

  /** Whether the thread gets a fence at the cut: every thread but one running a traced block, which is left out. */
  static boolean getsFence(final ThreadStanding stack) {
    return stack.kind() != ThreadStanding.Kind.RUNNING;
  }

  /**
   * Whether the cut places the thread by its stack ({@link Attachment}'s {@code startAt}): a thread at rest in
   * traced code that has its fence is recorded from its start stack, and a running one is left out. Any other thread
   * is recorded from where it next enters traced code (or not at all, without a fence).
   */
  static boolean placedByStack(final ThreadStanding stack, final boolean fenced) {
    return stack.kind() != ThreadStanding.Kind.OUTSIDE && fenced || stack.kind() == ThreadStanding.Kind.RUNNING;
  }

  /**
   * Whether the last look gives detach fences and keeps the requests until one comes: not when forced or --within,
   * and only once every event raised before the cut has come (a cut fence came, or none is pending).
   */
  static boolean marksDetach(final boolean force, final boolean within, final boolean fencePassed,
      final boolean cutFencesPending) {
    return !force && !within && (fencePassed || !cutFencesPending);
  }
}
