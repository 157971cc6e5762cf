package dev.jdtrace.reconstruct.walk;

import dev.jdtrace.plan.icfg.IcfgModel;
import dev.jdtrace.reconstruct.ReconstructionException;
import dev.jdtrace.reconstruct.ThreadStream;
import dev.jdtrace.trace.stream.EndRecord;
import dev.jdtrace.trace.stream.ExceptionRecord;
import java.util.List;

/**
 * The decoding walk of DESIGN §2 for one thread over the streams of every session: from the thread's
 * untraced bottom frame, follow the ICFG with a call stack, taking at each choice the one successor
 * consistent with every session's head (seed Fig. 8, generalised). Entering a block pops it from the
 * head of every stream whose profile holds it. No consistent successor: the runs diverged. Several: the
 * plan was ambiguous. It never guesses.
 *
 * <p>A thread whose stack held traced frames when the VM died (System.exit or halt at any depth, a daemon
 * thread cut off) has an {@link EndRecord}: the walk goes on to exactly that stack and stops there, and
 * those frames never return. Without one, the path ends when the thread's bottom frame returns.
 *
 * <p>This class runs the walk: each turn, the thread's end ({@link ThreadEnd}), an exception
 * ({@link Unwinding}), or one step in traced ({@link TracedStep}) or untraced ({@link UntracedStep}) code,
 * all over one {@link WalkState}; then the self-check.
 */
public final class Walker {
  private final WalkState walk;
  private final ThreadEnd end;
  private final Unwinding unwinding;
  private final TracedStep traced;
  private final UntracedStep untraced;
  /** For a {@code --within} window: the entry block of the method whose call it is; else -1. */
  private int window = -1;

  /** A walk over one session's stream. */
  public Walker(final IcfgModel model, final String thread, final ThreadStream stream) {
    this(List.of(model), thread, List.of(stream));
  }

  /**
   * A walk over several sessions' streams of the same thread.
   *
   * @param models one model per session, over the same program, each with that session's witnesses
   * @param streams the thread's stream in each session, in the same order
   */
  public Walker(final List<IcfgModel> models, final String thread, final List<ThreadStream> streams) {
    this(models, thread, streams, StartStack.of(thread, streams));
  }

  /**
   * A walk from a start stack: a thread that was at rest inside traced code when an attached session began.
   *
   * @param start where the thread started, or {@code null} for its untraced bottom frame
   */
  public Walker(final List<IcfgModel> models, final String thread, final List<ThreadStream> streams,
      final StartStack start) {
    this.walk = new WalkState(models, thread, streams, start);
    this.end = new ThreadEnd(walk);
    this.unwinding = new Unwinding(walk);
    this.traced = new TracedStep(walk);
    this.untraced = new UntracedStep(walk);
  }

  /**
   * Walks one {@code --within} window instead of a whole thread: the call of the method whose entry block is
   * {@code entry}, made by code outside the window, to its return or to an exception leaving it; returns this walk.
   */
  public Walker window(final int entry) {
    this.window = entry;
    return this;
  }

  /** Reports the traced frames this walk pushes and pops to {@code observer}; returns this walk. */
  public Walker observe(final WalkCalls observer) {
    walk.observe(observer);
    return this;
  }

  /**
   * Decodes the thread's block path.
   *
   * @throws ReconstructionException on divergence or ambiguity, naming thread, method, bci and line
   */
  public int[] decode() {
    walk.begin(window);
    final StreamHeads heads = walk.heads;
    final long limit = 4L * walk.program.blockCount() + 10_000;
    long idle = 0;
    long progress = -1;
    while (!walk.isOver()) {
      final long consumed = heads.consumed();
      if (consumed != progress) {
        progress = consumed;
        idle = 0;
      } else if (++idle > limit) {
        throw walk.fail("made no progress through " + limit + " blocks: the plan leaves a witness-free cycle");
      }
      if (end.haltsHere()) {
        walk.clear(); // the VM died here: these frames never return, their finally blocks never run
        break;
      }
      final WalkFrame top = walk.top();
      final ExceptionRecord thrown = heads.exceptionHead();
      if (thrown != null && unwinding.atThrowPoint(thrown, top)) {
        unwinding.unwind(thrown);
      } else if (unwinding.failedInit()) {
        throw walk.fail("diverged: a class initialiser this block started threw, so the block must throw next, but "
            + "the streams hold " + walk.places.describe(heads.first()));
      } else if (top.isUntraced()) {
        untraced.step(top);
      } else {
        traced.step(top);
      }
    }
    if (!heads.spent()) {
      throw walk.fail("diverged: the thread's path ended, but the walk could not place the rest of its streams");
    }
    final int[] result = walk.path();
    final int s = heads.unreproduced(result);
    if (s >= 0) {
      throw walk.fail("self-check failed: the decoded path does not reproduce the stream of session " + s);
    }
    return result;
  }
}
