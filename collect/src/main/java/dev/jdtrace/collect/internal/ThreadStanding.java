package dev.jdtrace.collect.internal;

import com.sun.jdi.IncompatibleThreadStateException;
import com.sun.jdi.Location;
import com.sun.jdi.ObjectCollectedException;
import com.sun.jdi.StackFrame;
import com.sun.jdi.ThreadReference;
import dev.jdtrace.plan.model.Block;
import dev.jdtrace.plan.model.BlockEnd;
import dev.jdtrace.plan.model.MethodCfg;
import dev.jdtrace.plan.model.MethodId;
import dev.jdtrace.plan.model.Program;
import dev.jdtrace.trace.stream.HitVisitor;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Where a suspended thread stands in traced code, as the decoder's call stack ({@link HitVisitor#start}).
 * A thread is <em>at rest</em> when every traced frame on its stack is inside a call (its bytecode index is
 * the invoke that ends a block) and its top frame is untraced: blocked in {@code accept}, {@code read} or
 * {@code take}, or running JDK code. Its path then starts exactly where that untraced call returns or calls
 * back. A thread whose top frame is traced is in the middle of a block; its next block is unknown, so it is
 * <em>running</em> and cannot be started exactly. (The decoder's side of a thread at rest, where its walk starts and
 * may end, is reconstruct's {@code walk.StartStack}.)
 *
 * @param kind outside traced code, at rest inside it, or running inside it
 * @param frames for a thread at rest, the decoder's frames above its untraced bottom; otherwise empty
 * @param call for a thread at rest, the location of its top traced frame (the call it is inside), or null
 */
record ThreadStanding(Kind kind, int[] frames, Location call) {
  enum Kind { OUTSIDE, AT_REST, RUNNING }

  private static final ThreadStanding OUTSIDE = new ThreadStanding(Kind.OUTSIDE, new int[0], null);
  private static final ThreadStanding RUNNING = new ThreadStanding(Kind.RUNNING, new int[0], null);

  /** Reads a suspended thread's stack; a thread not started or already ended is outside traced code. */
  static ThreadStanding of(final ThreadReference thread, final Program program) {
    try {
      return of(thread.frames(), program);
    } catch (final IncompatibleThreadStateException | ObjectCollectedException e) {
      return OUTSIDE;
    }
  }

  /** Where a suspended thread with these frames (top first) stands. */
  static ThreadStanding of(final List<StackFrame> frames, final Program program) {
    final List<Integer> out = new ArrayList<>();
    boolean traced = false;
    Location call = null;
    for (int i = frames.size() - 1; i >= 0; i--) {
      final int block = callBlock(frames.get(i).location(), program);
      if (block == Integer.MIN_VALUE) {
        return RUNNING; // a traced frame, but not inside a call
      }
      if (block >= 0) {
        if (i == 0) {
          return RUNNING; // the top frame is traced: the thread is executing its block
        }
        out.add(block);
        traced = true;
        call = frames.get(i).location();
      } else if (traced && out.get(out.size() - 1) != HitVisitor.UNTRACED) {
        out.add(HitVisitor.UNTRACED);
      }
    }
    return traced ? new ThreadStanding(Kind.AT_REST, out.stream().mapToInt(Integer::intValue).toArray(), call)
        : OUTSIDE;
  }

  /**
   * The global id of the block a traced frame's call ends, -1 for an untraced frame, or
   * {@link Integer#MIN_VALUE} for a traced frame that is not at a call.
   */
  private static int callBlock(final Location at, final Program program) {
    // The class first: its name is known to JDI already (allClasses), while the method of a frame in a class it has
    // not seen the methods of costs a round trip with the VM stopped (21-43 classes on a server's stacks).
    final String type = at.declaringType().name();
    if (program.classNamed(type) == null) {
      return -1;
    }
    final int m = program.methodIndex(new MethodId(type, at.method().name(), at.method().signature()));
    if (m < 0 || at.codeIndex() < 0) {
      return -1; // untraced, or a native method: no bytecode of its own
    }
    final MethodCfg cfg = program.methods().get(m);
    for (final Block b : cfg.blocks()) {
      if (b.endBci() == at.codeIndex()) {
        return b.end() == BlockEnd.INVOKE ? program.blockId(m, b.index()) : Integer.MIN_VALUE;
      }
    }
    return Integer.MIN_VALUE;
  }

  boolean atRest() {
    return kind == Kind.AT_REST;
  }

  /** Whether the thread stands at rest at exactly these frames (the same methods, calls and untraced frames). */
  boolean at(final int[] start) {
    return kind == Kind.AT_REST && Arrays.equals(frames, start);
  }
}
