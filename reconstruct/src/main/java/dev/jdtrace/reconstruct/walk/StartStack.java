package dev.jdtrace.reconstruct.walk;

import dev.jdtrace.plan.model.Program;
import dev.jdtrace.reconstruct.ReconstructionException;
import dev.jdtrace.reconstruct.ThreadStream;
import dev.jdtrace.trace.stream.HitVisitor;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Where the walk of a thread that was inside traced code when an attached session began starts, and
 * where it may end. Such a thread stood at rest in an untraced call (say {@code accept}) under traced
 * frames; its path starts when that call returns or calls back. The walk's initial stack is the
 * untraced bottom frame, the traced frames (each at the block whose call it is inside), the untraced
 * frames between them, and an untraced frame on top.
 *
 * <p>When the thread ended its sessions back at that stack (a request loop waiting for the next request),
 * the walk ends the first time it is back there with every stream at its end. It cannot stop too early:
 * going from the start back to the start is a cycle of the program, through the loop's own method or the
 * frames below it, and the plan breaks every cycle with a witness of some session (DESIGN §2, Theorem 1),
 * so a walk that came back around consumed an event of some stream; with every stream at its end, the
 * thread has not gone around again. Otherwise the thread left traced code, and the walk ends at the
 * bottom as usual.
 */
public final class StartStack {
  /** As in {@link HitVisitor#start}: a call block per traced frame, or UNTRACED; the top is untraced. */
  private final int[] frames;
  private final boolean endsThere;

  private StartStack(final int[] frames, final boolean endsThere) {
    this.frames = frames.clone();
    this.endsThere = endsThere;
  }

  /**
   * The start shared by a thread's streams, or {@code null} when the thread entered traced code from
   * untraced code; streams with no event and no start (a thread a session did not see) are left aside.
   *
   * @throws ReconstructionException when the sessions started or ended the thread differently
   */
  public static StartStack of(final String thread, final List<ThreadStream> streams) {
    ThreadStream first = null;
    int firstSession = -1;
    for (int s = 0; s < streams.size(); s++) {
      final ThreadStream t = streams.get(s);
      if (t.start() == null && t.hits().length == 0) {
        continue;
      }
      if (first == null) {
        first = t;
        firstSession = s;
      } else if (!Arrays.equals(first.start(), t.start()) || first.backAtStart() != t.backAtStart()) {
        throw new ReconstructionException("thread " + thread + " diverged: in session " + firstSession + " it "
            + describe(first) + ", in session " + s + " it " + describe(t) + "; sessions must start and end a "
            + "thread at the same stack");
      }
    }
    return first == null || first.start() == null ? null : new StartStack(first.start(), first.backAtStart());
  }

  private static String describe(final ThreadStream t) {
    return t.start() == null ? "entered traced code from untraced code"
        : "started at stack " + Arrays.toString(t.start()) + (t.backAtStart() ? " and ended back there"
            : " and left traced code");
  }

  /** Whether the thread ended back at this stack rather than outside traced code. */
  boolean endsThere() {
    return endsThere;
  }

  /** The walk's initial stack: the untraced bottom frame, then the start frames. */
  List<WalkFrame> initial(final Program program) {
    final List<WalkFrame> stack = new ArrayList<>();
    stack.add(WalkFrame.untraced(-1));
    for (int i = 0; i < frames.length; i++) {
      if (frames[i] == HitVisitor.UNTRACED) {
        stack.add(WalkFrame.untraced(i == 0 ? -1 : frames[i - 1]));
      } else {
        final WalkFrame f = WalkFrame.traced(program.methodOf(frames[i]), false);
        f.block = frames[i];
        stack.add(f);
      }
    }
    return stack;
  }

  /** Whether the walk's stack is exactly the start stack. */
  boolean isAt(final List<WalkFrame> stack) {
    return stack.size() == frames.length + 1 && below(stack, stack.size());
  }

  /** Whether the walk's frames {@code 0..depth-1} are the start's frames {@code 0..depth-1}. */
  boolean below(final List<WalkFrame> stack, final int depth) {
    if (depth > frames.length + 1) {
      return false;
    }
    for (int k = 1; k < depth; k++) {
      final WalkFrame f = stack.get(k);
      final int want = frames[k - 1];
      if (want == HitVisitor.UNTRACED ? !f.isUntraced() || f.site != (k >= 2 ? frames[k - 2] : -1)
          : f.kind != WalkFrame.Kind.TRACED || f.block != want) {
        return false;
      }
    }
    return stack.get(0).isUntraced() && stack.get(0).site < 0;
  }

  /** Number of frames above the bottom; the top one, at this walk depth, is untraced. */
  int top() {
    return frames.length;
  }

  /** The start frame at walk depth {@code depth} (1 to {@link #top()}): a call block, or UNTRACED. */
  int frame(final int depth) {
    return frames[depth - 1];
  }
}
