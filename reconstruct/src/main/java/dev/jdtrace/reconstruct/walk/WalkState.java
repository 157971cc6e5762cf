package dev.jdtrace.reconstruct.walk;

import dev.jdtrace.plan.icfg.IcfgModel;
import dev.jdtrace.plan.model.Program;
import dev.jdtrace.reconstruct.ReconstructionException;
import dev.jdtrace.reconstruct.ThreadStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;

/**
 * One walk in progress, shared by its steps: the call stack, the block path decoded so far, and where it
 * stands in every session's stream. It owns the moves every step makes, so that entering a block always pops
 * it from the streams that hold it, and the frames pushed and popped always reach {@link WalkCalls}; and the
 * refusal, which says where the walk stands.
 */
final class WalkState {
  final Program program;
  /** Session 0's model: the structure, which every session's model shares. */
  final IcfgModel structure;
  final List<IcfgModel> models;
  final StreamHeads heads;
  final Places places;
  /** Where a thread that was inside traced code at an attach starts, or {@code null}. */
  final StartStack start;
  private final String thread;
  private final List<HeadReach> reach = new ArrayList<>();
  private final List<WalkFrame> stack = new ArrayList<>();
  /** Traced class initialisers that have run: each runs once. */
  private final BitSet initialised = new BitSet();
  private int[] path = new int[256];
  private int length;
  private WalkCalls calls = WalkCalls.NONE;

  WalkState(final List<IcfgModel> models, final String thread, final List<ThreadStream> streams,
      final StartStack start) {
    this.start = start;
    this.models = List.copyOf(models);
    this.structure = models.get(0);
    this.program = structure.program();
    this.thread = thread;
    for (int s = 0; s < models.size(); s++) {
      reach.add(new HeadReach(models.get(s), start));
    }
    this.heads = new StreamHeads(this.models, streams);
    this.places = new Places(program);
  }

  void observe(final WalkCalls observer) {
    this.calls = observer;
  }

  /**
   * The first frames: for a {@code --within} window, its method's entry called from a sealed untraced caller;
   * else the thread's untraced bottom frame, or its start stack.
   *
   * @param window the entry block of the window's method, or -1
   */
  void begin(final int window) {
    if (window >= 0) {
      stack.add(WalkFrame.sealed());
      push(WalkFrame.traced(program.methodOf(window), false), window);
    } else if (start == null) {
      stack.add(WalkFrame.untraced(-1));
    } else {
      for (final WalkFrame f : start.initial(program)) {
        stack.add(f);
        if (!f.isUntraced()) {
          calls.enter(f.method, 0);
        }
      }
    }
  }

  /** Session s's check of candidates against its head. */
  HeadReach reach(final int s) {
    return reach.get(s);
  }

  /** The frames, bottom first; live, for reading only: the moves below change them. */
  List<WalkFrame> stack() {
    return stack;
  }

  int depth() {
    return stack.size();
  }

  boolean isOver() {
    return stack.isEmpty();
  }

  WalkFrame top() {
    return stack.get(stack.size() - 1);
  }

  /** Pushes a frame that enters no block yet: untraced code. */
  void add(final WalkFrame frame) {
    stack.add(frame);
  }

  /** Pushes a traced frame and enters its first block. */
  void push(final WalkFrame frame, final int entry) {
    stack.add(frame);
    calls.enter(frame.method, length);
    enter(entry);
  }

  WalkFrame pop() {
    final WalkFrame popped = stack.remove(stack.size() - 1);
    if (!popped.isUntraced()) {
      calls.exit(popped.method, length);
    }
    return popped;
  }

  /** Pops every frame: the thread ends here. */
  void clear() {
    while (!stack.isEmpty()) {
      pop();
    }
  }

  /** Enters a block in the top frame; every session holding it as a witness must have it at its head. */
  void enter(final int block) {
    if (block < 0) {
      throw fail("diverged: a call returned where its method has no return site");
    }
    top().block = block;
    top().untracedInitDone = false;
    if (length == path.length) {
      path = Arrays.copyOf(path, length * 2);
    }
    path[length++] = block;
    final int s = heads.popWitness(block);
    if (s >= 0) {
      throw fail("diverged: entered witness " + places.where(block) + " but session " + s + " holds "
          + places.describe(heads.head(s)));
    }
  }

  boolean initialised(final int clinit) {
    return initialised.get(clinit);
  }

  void initialise(final int clinit) {
    initialised.set(clinit);
  }

  /** The block after the call ending {@code block}, or -1. */
  int returnSite(final int block) {
    return reach.get(0).returnSite(block);
  }

  /**
   * Whether entering {@code block} in a frame at {@code depth} leads to every session's head first: consistent
   * with every stream's head (DESIGN §2).
   */
  boolean leadsToEveryHead(final int block, final int depth, final boolean interrupt) {
    for (int s = 0; s < reach.size(); s++) {
      if (!reach.get(s).leadsTo(block, heads.head(s), stack, depth, interrupt)) {
        return false;
      }
    }
    return true;
  }

  /** Whether {@code block}, going on after the untraced class initialisers it started, leads to every head. */
  boolean resumesToEveryHead(final int block, final int depth) {
    for (int s = 0; s < reach.size(); s++) {
      if (!reach.get(s).resumes(block, heads.head(s), stack, depth)) {
        return false;
      }
    }
    return true;
  }

  /** The path decoded so far. */
  int[] path() {
    return Arrays.copyOf(path, length);
  }

  /** A refusal: the thread, where the walk stands, what went wrong, and what each stream holds next. */
  ReconstructionException fail(final String what) {
    final String at = stack.isEmpty() || top().isUntraced()
        ? "in untraced code" + (length == 0 ? " before any traced block" : " after " + places.where(path[length - 1]))
        : "at " + places.where(top().block);
    return new ReconstructionException("thread " + thread + ", " + at + ": " + what + "; " + heads.unplaced(places));
  }
}
