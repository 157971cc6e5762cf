package dev.jdtrace.analysis;

import dev.jdtrace.plan.model.BlockEnd;
import dev.jdtrace.trace.TraceDictionary.BlockEntry;
import dev.jdtrace.trace.TraceDictionary;
import dev.jdtrace.trace.TraceVisitor;
import java.util.Arrays;
import java.util.List;

/**
 * Reconstructs calls and returns from each thread's block sequence, a depth-first execution, for
 * {@code show}, the {@code calls}, {@code speedscope}, {@code chrome} and {@code folded} exports, the
 * report and the stacks that {@code diff} prints. It keeps a stack of frames (method, last block).
 *
 * <p><b>Exact</b> with a version 3 or 4 trace, whose dictionary says how each block ends: from the top frame's
 * last block {@code L} to the next block {@code b} of method {@code M}:
 * <ol>
 *   <li>Empty stack: {@code b} starts a root frame (the thread's untraced bottom called it, or the thread
 *       started inside it at an attach).</li>
 *   <li>{@code b} is an entry (bci 0): a call of {@code M} pushed on the top frame when {@code L} is a call
 *       site (a traced callee, or a callback through untraced code), when {@code M} is a class
 *       initialiser that {@code L} can start (it runs inside {@code L}), or when {@code L} can start an
 *       untraced class's initialiser, which called {@code M} back (version 4). When {@code L} returns or throws,
 *       the top frame ends and the rule is applied again to the frame below (untraced code between them
 *       called {@code M}, or the frame below goes on after a class initialiser). Otherwise {@code b} is a
 *       jump back to bci 0 of the top frame's own method, or, in another method, the exception left the
 *       top frame for untraced code that called {@code M}: the top frame ends and the rule is applied
 *       again.</li>
 *   <li>{@code L} returns: the top frame ends and the rule is applied again to the frame below: a call
 *       site continues at its return site, the next block of its method.</li>
 *   <li>{@code b} continues the top frame when it is the return site of {@code L}'s call (the call ran no
 *       traced code), one of {@code L}'s exception handlers, or, after anything but {@code athrow}, a
 *       block of the same method that is no exception handler.</li>
 *   <li>Otherwise an exception unwinds to the topmost lower frame of {@code M} that catches it: one whose
 *       call site {@code b} is a handler of, or whose call ran untraced code that caught it and returned to
 *       the return site {@code b}. With none, {@code b} continues the top frame when in its method, else
 *       all frames end and {@code b} starts a root (a frame the thread was in when an attach began).</li>
 * </ol>
 * What the trace cannot tell, since it holds neither exception types nor where untraced code is: a
 * handler covering the top frame's block is taken to catch, though an exception of another type may pass
 * it to a lower frame of the same method with the same handler block; a block that is both reached
 * normally and a lower same-method frame's handler is taken as the handler; an exception caught by
 * untraced code that then calls traced code unwinds only the top frame (or, after a jump to bci 0 of the
 * top frame's method, none); a class initialiser that the top frame's returning (or throwing) block can
 * start is taken to run inside that block, though untraced code it returned to may have started it (so is
 * an untraced initialiser's callback; a version 3 trace does not mark the blocks that start one, and takes
 * such a callback for a return and a call). A
 * test checks the calls of every test program against the decoder's own.
 *
 * <p>A window record ({@code --within}, version 4) ends every frame: the window's first block starts a root.
 *
 * <p><b>Heuristic</b> with a version 2 trace, which stores no block ends: what a block may have done is
 * read off the dictionary: blocks of a method tile its bytecode, so the next block's start minus a
 * block's {@code endBci} is the length of the block's last instruction. Length 1 (or a method's last
 * block) <em>may return</em> (a return or {@code athrow}, never an invoke); length 3 or 5 <em>may
 * call</em> (an invoke, or a branch). For the next block {@code b} of method {@code M}, with {@code T}
 * the top frame and {@code L} its last block:
 * <ol>
 *   <li>Empty stack: {@code b} starts a root frame.</li>
 *   <li>{@code b} starts at bci 0 (an entry): a call of {@code M} pushed on {@code T} when {@code M} is a
 *       {@code <clinit>} (class initialisation happens inside any block) or {@code L} may call. Otherwise
 *       when {@code L} may return, {@code T} returned and its untraced caller called {@code M} (a callback
 *       such as a lambda run by {@code forEach}): {@code T} is popped and {@code M} pushed. Otherwise, in
 *       {@code T}'s own method, it is a jump back to bci 0; in another method, a call.</li>
 *   <li>{@code b} is inside {@code T}'s method: a continuation of {@code T}, unless {@code L} may return
 *       and a lower frame of {@code M} has its return site (the block after its call) at {@code b}: then
 *       {@code T} returned to it (recursion).</li>
 *   <li>{@code b} is in another method: the frames above the topmost frame of {@code M} return or unwind
 *       (an exception) to it. With no frame of {@code M}, all frames end and {@code b} starts a root.</li>
 * </ol>
 * Its limits: a loop that jumps back to bci 0 with an {@code if} or {@code goto} looks like a
 * recursive call, until the stack is {@value #MAX_DEPTH} frames deep: from there an entry of the top
 * frame's method continues that frame (so deeper real recursion is flattened), and a few frames of other
 * methods more are kept; a return site is looked for among the nearest 64 lower frames of the method; an
 * exception caught by a lower frame of the same method looks like a continuation; an untraced class
 * initialiser that calls traced code looks like a return and a call. Recording the trace again gives
 * exact calls.
 *
 * <p>Memory is one stack per thread. Not thread-safe.
 */
public final class CallTracker implements TraceVisitor {
  /** Heuristic only: stack depth from which an entry of the top frame's method is taken as a loop to bci 0. */
  public static final int MAX_DEPTH = 4096;
  /** Frames of other methods allowed above {@link #MAX_DEPTH}; beyond, every entry continues the top frame. */
  private static final int SLACK = 256;
  private static final byte MAY_CALL = 1;
  private static final byte MAY_RETURN = 2;

  private final CallListener listener;
  /** Whether the dictionary says how blocks end (version 3 on): calls are exact, else guessed from {@link #shape}. */
  private boolean exact;
  private byte[] shape;
  private boolean[] clinit;
  private int[] methodOf;
  private BlockEnd[] ends;
  /** Per block, the class initialisers it can start. */
  private int[][] clinits;
  /** Per block, whether it can start an untraced class's initialiser that calls traced code inside it. */
  private boolean[] untracedInit;
  private int[][] handlers;
  /** Per block, whether it is the handler of an exception-table entry of its method. */
  private boolean[] isHandler;
  /** Per block, whether it starts its method (bci 0). */
  private boolean[] entry;
  private int[] methods = new int[64];
  private int[] last = new int[64];
  /** Per frame, the next lower frame of the same method, or -1. */
  private int[] lowerSame = new int[64];
  /** Per method, its topmost frame, or -1. */
  private int[] topmostOf;
  private int depth;
  private long ordinal;
  private boolean inThread;

  public CallTracker(final CallListener listener) {
    this.listener = listener;
  }

  @Override
  public void dictionary(final TraceDictionary d) {
    final List<BlockEntry> blocks = d.blocks();
    shape = new byte[blocks.size()];
    for (int i = 0; i < blocks.size(); i++) {
      final boolean lastOfMethod = i + 1 == blocks.size() || blocks.get(i + 1).methodIndex()
          != blocks.get(i).methodIndex();
      final int length = lastOfMethod ? 0 : blocks.get(i + 1).startBci() - blocks.get(i).endBci();
      shape[i] = (byte) (lastOfMethod || length == 1 ? MAY_RETURN : length == 3 || length == 5 ? MAY_CALL : 0);
    }
    exact = d.endsKnown();
    methodOf = new int[blocks.size()];
    ends = new BlockEnd[blocks.size()];
    clinits = new int[blocks.size()][];
    untracedInit = new boolean[blocks.size()];
    handlers = new int[blocks.size()][];
    isHandler = new boolean[blocks.size()];
    entry = new boolean[blocks.size()];
    for (int i = 0; i < blocks.size(); i++) {
      final BlockEntry b = blocks.get(i);
      methodOf[i] = b.methodIndex();
      ends[i] = b.end();
      clinits[i] = b.clinits().stream().mapToInt(Integer::intValue).toArray();
      untracedInit[i] = b.untracedInit();
      entry[i] = b.startBci() == 0;
      handlers[i] = b.handlers().stream().mapToInt(Integer::intValue).toArray();
      for (final int h : handlers[i]) {
        isHandler[h] = true;
      }
    }
    clinit = new boolean[d.methods().size()];
    topmostOf = new int[d.methods().size()];
    Arrays.fill(topmostOf, -1);
    for (int m = 0; m < clinit.length; m++) {
      clinit[m] = d.methods().get(m).name().equals("<clinit>");
    }
    listener.dictionary(d);
  }

  @Override
  public void thread(final String name) {
    finishThread();
    inThread = true;
    listener.threadStart(name);
  }

  @Override
  public void block(final int block) {
    if (exact) {
      follow(block);
    } else {
      guess(block);
    }
    last[depth - 1] = block;
    listener.block(block, ordinal++, depth - 1);
  }

  /** The exact rules of the class comment: pushes or pops frames so that the top frame runs {@code block}. */
  private void follow(final int block) {
    final int method = methodOf[block];
    while (depth > 0) {
      final int top = depth - 1;
      final int from = last[top];
      final BlockEnd end = ends[from];
      if (entry[block]) {
        if (end == BlockEnd.INVOKE || contains(clinits[from], method) || untracedInit[from]) {
          break; // pushed below: a call, a callback through untraced code, or a class initialisation, or a
          // callback from an untraced class's initialiser
        }
        if (end == BlockEnd.RETURN || end == BlockEnd.THROW || method != methods[top]) {
          popTo(top);
          continue;
        }
        return; // a jump back to bci 0
      }
      if (end == BlockEnd.RETURN) {
        popTo(top);
        continue;
      }
      if (method == methods[top] && (end == BlockEnd.INVOKE && block == from + 1 || contains(handlers[from], block)
          || !isHandler[block] && end != BlockEnd.THROW)) {
        return;
      }
      final int catcher = catcher(method, block);
      if (catcher >= 0) {
        popTo(catcher + 1);
      } else if (method != methods[top]) {
        popTo(0);
        break;
      }
      return;
    }
    push(method, block);
  }

  /** The topmost frame below the top of {@code method} that goes on at {@code block} after an exception. */
  private int catcher(final int method, final int block) {
    for (int i = topmostOf[method]; i >= 0; i = lowerSame[i]) {
      if (i < depth - 1 && (contains(handlers[last[i]], block)
          || ends[last[i]] == BlockEnd.INVOKE && block == last[i] + 1)) {
        return i;
      }
    }
    return -1;
  }

  private static boolean contains(final int[] values, final int value) {
    for (final int v : values) {
      if (v == value) {
        return true;
      }
    }
    return false;
  }

  /** The heuristic rules of the class comment, for a version 2 trace. */
  private void guess(final int block) {
    final int method = methodOf[block];
    if (depth == 0) {
      push(method, block);
    } else if (entry[block]) {
      entry(method, block);
    } else if (methods[depth - 1] == method) {
      final int caller = may(last[depth - 1], MAY_RETURN) ? returnSite(block) : -1;
      popTo(caller < 0 ? depth : caller + 1);
    } else {
      final int frame = topmost(method);
      popTo(frame < 0 ? 0 : frame + 1);
      if (depth == 0) {
        push(method, block);
      }
    }
  }

  /** A {@code --within} window begins: every frame the blocks before it left ends there. */
  @Override
  public void window() {
    popTo(0);
  }

  @Override
  public void end() {
    finishThread();
    listener.end();
  }

  /** Frames on the stack of the current thread. */
  public int depth() {
    return depth;
  }

  /** The method of the frame at {@code index} (0 = root). */
  public int methodAt(final int index) {
    return methods[index];
  }

  /** The last block entered by the frame at {@code index}: its call site, or the current block on top. */
  public int blockAt(final int index) {
    return last[index];
  }

  private void entry(final int method, final int block) {
    final int top = last[depth - 1];
    if (clinit[method] || may(top, MAY_CALL)) {
      push(method, block);
    } else if (may(top, MAY_RETURN)) {
      popTo(depth - 1);
      push(method, block);
    } else if (methods[depth - 1] != method) {
      push(method, block);
    }
  }

  /** The topmost lower frame of the top frame's method whose return site is {@code block}, among the nearest 64. */
  private int returnSite(final int block) {
    int tries = 64;
    for (int i = lowerSame[depth - 1]; i >= 0 && tries-- > 0; i = lowerSame[i]) {
      if (last[i] + 1 == block && may(last[i], MAY_CALL)) {
        return i;
      }
    }
    return -1;
  }

  private int topmost(final int method) {
    return topmostOf[method];
  }

  private void push(final int method, final int block) {
    if (!exact && depth >= MAX_DEPTH && (depth >= MAX_DEPTH + SLACK || methods[depth - 1] == method)) {
      return;
    }
    if (depth == methods.length) {
      methods = Arrays.copyOf(methods, depth * 2);
      last = Arrays.copyOf(last, depth * 2);
      lowerSame = Arrays.copyOf(lowerSame, depth * 2);
    }
    methods[depth] = method;
    last[depth] = block;
    lowerSame[depth] = topmostOf[method];
    topmostOf[method] = depth;
    listener.enter(method, ordinal, depth);
    depth++;
  }

  private void popTo(final int newDepth) {
    while (depth > newDepth) {
      depth--;
      topmostOf[methods[depth]] = lowerSame[depth];
      listener.exit(methods[depth], ordinal, depth);
    }
  }

  private boolean may(final int block, final byte what) {
    return (shape[block] & what) != 0;
  }

  private void finishThread() {
    if (inThread) {
      popTo(0);
      listener.threadEnd(ordinal);
      inThread = false;
    }
    ordinal = 0;
  }
}
