package dev.jdtrace.reconstruct.walk;

import dev.jdtrace.driver.stream.EndRecord;
import dev.jdtrace.driver.stream.ExceptionRecord;
import dev.jdtrace.profiler.icfg.CallTargets;
import dev.jdtrace.profiler.icfg.IcfgModel;
import dev.jdtrace.profiler.model.Block;
import dev.jdtrace.profiler.model.Program;
import dev.jdtrace.reconstruct.ReconstructionException;
import dev.jdtrace.reconstruct.ThreadStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

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
 */
public final class Walker {
  private final List<IcfgModel> models;
  private final IcfgModel structure;
  private final Program program;
  private final List<Consistency> consistency = new ArrayList<>();
  private final String thread;
  private final List<int[]> events = new ArrayList<>();
  private final List<List<ExceptionRecord>> exceptions = new ArrayList<>();
  /** Per session: where the thread stood when the VM died, or null. */
  private final List<EndRecord> ends = new ArrayList<>();
  private final int[] pos;
  private final List<Frame> stack = new ArrayList<>();
  private final BitSet initialised = new BitSet();
  /** Where a thread that was inside traced code at an attach starts, or {@code null}. */
  private final StartStack start;
  private int[] path = new int[256];
  private int length;
  private WalkCalls calls = WalkCalls.NONE;
  /** A class initialiser the top frame's block started ended by an exception: that block throws next. */
  private boolean failedInit;
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
    this.start = start;
    this.models = List.copyOf(models);
    this.structure = models.get(0);
    this.program = structure.program();
    this.thread = thread;
    for (int s = 0; s < models.size(); s++) {
      consistency.add(new Consistency(models.get(s), start));
      events.add(streams.get(s).hits());
      exceptions.add(streams.get(s).exceptions());
      ends.add(streams.get(s).end());
    }
    pos = new int[models.size()];
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
    this.calls = observer;
    return this;
  }

  /**
   * Decodes the thread's block path.
   *
   * @throws ReconstructionException on divergence or ambiguity, naming thread, method, bci and line
   */
  public int[] decode() {
    if (window >= 0) {
      stack.add(Frame.sealed());
      push(Frame.traced(program.methodOf(window), false), window);
    } else if (start == null) {
      stack.add(Frame.external(-1));
    } else {
      for (final Frame f : start.initial(program)) {
        stack.add(f);
        if (!f.isExternal()) {
          calls.enter(f.method, 0);
        }
      }
    }
    final long limit = 4L * program.blockCount() + 10_000;
    long idle = 0;
    long progress = -1;
    while (!stack.isEmpty()) {
      long consumed = 0;
      for (final int p : pos) {
        consumed += p;
      }
      if (consumed != progress) {
        progress = consumed;
        idle = 0;
      } else if (++idle > limit) {
        throw fail("made no progress through " + limit + " blocks: the plan leaves a witness-free cycle");
      }
      if (haltsHere()) {
        clear(); // the VM died here: these frames never return, their finally blocks never run
        break;
      }
      final Frame top = top();
      final ExceptionRecord thrown = exceptionHead();
      if (thrown != null && atThrowPoint(thrown, top)) {
        failedInit = false;
        unwind(thrown);
      } else if (failedInit) {
        throw fail("diverged: a class initialiser this block started threw, so the block must throw next, but the "
            + "streams hold " + describe(firstGoal()));
      } else if (top.isExternal()) {
        stepExternal(top);
      } else {
        stepTraced(top);
      }
    }
    for (int s = 0; s < models.size(); s++) {
      if (pos[s] != events.get(s).length) {
        throw fail("diverged: the thread's path ended, but the walk could not place the rest of its streams");
      }
    }
    final int[] result = Arrays.copyOf(path, length);
    selfCheck(result);
    return result;
  }

  /**
   * Whether every session's stream is spent and ends where the walk stands: the same traced frames, each
   * at the same block, with untraced code in the same places. Only the first time the walk stands there
   * counts: standing there again would need a cycle without a witness.
   */
  private boolean haltsHere() {
    for (int s = 0; s < models.size(); s++) {
      if (pos[s] != events.get(s).length) {
        return false;
      }
    }
    final EndRecord end = ends.get(0);
    for (int s = 1; s < models.size(); s++) {
      if (!java.util.Objects.equals(ends.get(s), end)) {
        throw fail("diverged: session " + s + " saw the thread end " + endOf(ends.get(s)) + ", session 0 "
            + endOf(end));
      }
    }
    return end != null && standsAt(end);
  }

  private String endOf(final EndRecord end) {
    return end == null ? "by returning" : "at " + where(end.top().block()) + (end.top().inCall() ? " (in a call)" : "")
        + " with " + end.frames().size() + " traced frame(s)";
  }

  /** Whether the walk's stack is the recorded one, frame by frame from the top. */
  private boolean standsAt(final EndRecord end) {
    final List<EndRecord.Frame> frames = end.frames();
    int f = 0;
    boolean untracedAbove = false;
    for (int i = stack.size() - 1; i >= 1; i--) {
      final Frame frame = stack.get(i);
      if (frame.isExternal()) {
        untracedAbove = true;
        continue;
      }
      if (f == frames.size() || frame.block != frames.get(f).block()) {
        return false;
      }
      // A call that runs no traced code at all leaves no untraced frame on the walk's stack: standing in
      // its block covers both before the call and inside it.
      final boolean pure = f == 0 && !untracedAbove && structure.targets(frame.block) != null
          && structure.targets(frame.block).isPure();
      if (!pure && untracedAbove != frames.get(f).inCall()) {
        return false;
      }
      f++;
      untracedAbove = false;
    }
    return f == frames.size();
  }

  private void stepExternal(final Frame top) {
    if (top.sealed) {
      if (!allAtEnd()) {
        throw fail("diverged: the --within call returned, but the streams hold " + describe(firstGoal())
            + " in the same window");
      }
      stack.remove(stack.size() - 1);
      return;
    }
    if (allAtEnd()) {
      if (start != null && start.endsThere()) {
        endAtStart(top);
        return;
      }
      if (top.site < 0) {
        stack.remove(stack.size() - 1);
      } else {
        returnFromExternal(top);
      }
      return;
    }
    // Every callback some session's head points to: a session lacking a callback's first witnesses can point
    // to several (the units' split over the callbacks, DecisionGroups.Choice#overCallbacks); each is checked
    // against every session below, so proposing more never admits a wrong one.
    final Set<Integer> callbacks = new LinkedHashSet<>();
    for (int s = 0; s < models.size(); s++) {
      for (final int c : callbacksFor(s, goal(s))) {
        callbacks.add(c);
      }
    }
    final List<Integer> consistent = new ArrayList<>();
    for (final int c : callbacks) {
      if (consistentEverywhere(program.blockId(c, 0), stack.size(), false)) {
        consistent.add(c);
      }
    }
    final boolean returns;
    if (top.initialiser) {
      returns = resumesEverywhere(top.site, stack.size() - 2);
    } else {
      final int site = top.site >= 0 ? consistency.get(0).returnSite(top.site) : -1;
      returns = site >= 0
          && consistentEverywhere(site, stack.size() - 2, Consistency.interrupt(stack, stack.size() - 2));
    }
    if (consistent.size() + (returns ? 1 : 0) > 1) {
      throw fail("ambiguous plan: " + (returns ? (top.initialiser ? "the way on of " + where(top.site)
          + " after the untraced class initialiser it started" : "the return of the untraced call at "
          + where(top.site)) + " and " : "")
          + "callbacks " + consistent.stream().map(c -> program.methods().get(c).id().toString()).toList()
          + " all explain " + describe(goal(0)));
    }
    if (!consistent.isEmpty()) {
      if (program.methods().get(consistent.get(0)).id().name().equals("<clinit>")) {
        initialised.set(consistent.get(0)); // a class initialiser started by untraced code runs once
      }
      push(Frame.traced(consistent.get(0), false), program.blockId(consistent.get(0), 0));
    } else if (returns) {
      returnFromExternal(top);
    } else {
      throw fail("diverged: no way leads from untraced code" + (top.site >= 0 ? " called at " + where(top.site) : "")
          + " to " + describe(firstGoal()));
    }
  }

  /**
   * With every stream at its end, a thread that ended back at its start stack stops there (StartStack says
   * why it cannot be early); elsewhere the untraced call returns, but never out of the thread.
   */
  private void endAtStart(final Frame top) {
    if (start.isAt(stack)) {
      clear();
    } else if (top.site < 0) {
      throw fail("diverged: the thread ended back at its start stack, but its streams lead out of traced code");
    } else {
      returnFromExternal(top);
    }
  }

  private int[] callbacksFor(final int session, final Goal goal) {
    if (goal.kind() == Goal.Kind.WITNESS) {
      return models.get(session).callbacksOf(goal.witness());
    }
    if (goal.isPoint()) {
      // any callback whose entry reaches the throw block without a witness, not only its own method.
      final java.util.BitSet cbs = structure.callbacks();
      final List<Integer> out = new ArrayList<>(1);
      for (int m = cbs.nextSetBit(0); m >= 0; m = cbs.nextSetBit(m + 1)) {
        if (consistency.get(session).reaches(program.blockId(m, 0), goal.throwBlock())) {
          out.add(m);
        }
      }
      return out.stream().mapToInt(Integer::intValue).toArray();
    }
    return new int[0];
  }

  private void returnFromExternal(final Frame top) {
    stack.remove(stack.size() - 1);
    if (!top.initialiser) {
      enter(consistency.get(0).returnSite(top.site));
    } // else the block that started the untraced class initialiser goes on
  }

  private boolean resumesEverywhere(final int block, final int depth) {
    for (int s = 0; s < models.size(); s++) {
      if (!consistency.get(s).resumes(block, goal(s), stack, depth)) {
        return false;
      }
    }
    return true;
  }

  private void stepTraced(final Frame top) {
    final int b = top.block;
    for (final int clinit : structure.clinits(b)) {
      final int entry = program.blockId(clinit, 0);
      if (!initialised.get(clinit) && headsInclude(entry)) {
        initialised.set(clinit);
        push(Frame.traced(clinit, true), entry);
        return;
      }
    }
    if (!top.untracedInitDone && structure.untracedInit(b)) {
      // An untraced class's initialiser this block may start can call back before the block goes on.
      top.untracedInitDone = true;
      stack.add(Frame.initialiser(b));
      return;
    }
    final Block block = program.block(b);
    final int method = program.methodOf(b);
    switch (block.end()) {
      case RETURN -> {
        final Frame done = pop();
        final Frame below = top();
        if (done.kind == Frame.Kind.TRACED && !below.isExternal()) {
          enter(consistency.get(0).returnSite(below.block));
        }
      }
      case THROW -> throw fail("diverged: the block ends in athrow but the stream holds " + describe(firstGoal()));
      case INVOKE -> {
        final CallTargets t = structure.targets(b);
        if (t.external() || (t.isPure() && start != null && start.endsThere() && allAtEnd())) {
          // A thread can also have been at rest inside a pure call: then the walk may end in it.
          stack.add(Frame.external(b));
        } else if (t.isPure()) {
          enter(consistency.get(0).returnSite(b));
        } else {
          // One target needs no choice: skip building the candidate list on this hot path.
          final int callee = t.traced().size() == 1 ? program.blockId(t.traced().get(0), 0)
              : choose(t.traced().stream().map(m -> program.blockId(m, 0)).toList(), stack.size(), false);
          push(Frame.traced(program.methodOf(callee), false), callee);
        }
      }
      default -> enter(block.successors().size() == 1 ? program.blockId(method, block.successors().get(0))
          : choose(block.successors().stream().map(s -> program.blockId(method, s)).toList(), stack.size() - 1,
              top.kind == Frame.Kind.INTERRUPT));
    }
  }

  /** The one candidate consistent with every session's head; candidates run in the frame at {@code depth}. */
  private int choose(final List<Integer> candidates, final int depth, final boolean interrupt) {
    if (candidates.size() == 1) {
      return candidates.get(0);
    }
    if (candidates.isEmpty()) {
      throw fail("diverged: the block has no way on");
    }
    int chosen = -1;
    for (final int c : candidates) {
      if (consistentEverywhere(c, depth, interrupt)) {
        if (chosen >= 0) {
          throw fail("ambiguous plan: both " + where(chosen) + " and " + where(c) + " lead to "
              + describe(firstGoal()));
        }
        chosen = c;
      }
    }
    if (chosen < 0) {
      throw fail("diverged: no successor leads to " + describe(firstGoal()));
    }
    return chosen;
  }

  private boolean consistentEverywhere(final int block, final int depth, final boolean interrupt) {
    for (int s = 0; s < models.size(); s++) {
      if (!consistency.get(s).consistent(block, goal(s), stack, depth, interrupt)) {
        return false;
      }
    }
    return true;
  }

  private boolean atThrowPoint(final ExceptionRecord e, final Frame top) {
    if (!e.inCall()) {
      return !top.isExternal() && top.block == e.throwBlock();
    }
    if (top.isExternal()) {
      return top.site == e.throwBlock();
    }
    return top.block == e.throwBlock() && structure.targets(top.block) != null && structure.targets(top.block).isPure();
  }

  /** Pops the frames the exception unwound and enters the handler that caught it. */
  private void unwind(final ExceptionRecord e) {
    for (int s = 0; s < models.size(); s++) {
      final int h = head(s);
      if (h >= 0 || h == Integer.MAX_VALUE || !exceptions.get(s).get(-h - 1).equals(e)) {
        throw fail("diverged: session " + s + " did not see the exception the others saw here");
      }
      pos[s]++;
    }
    if (e.unwound() == ExceptionRecord.UNKNOWN_FRAMES) {
      throw fail("cannot place an exception: the VM did not show its stack when it was thrown");
    }
    int popped = 0;
    Frame last = null;
    while (popped < e.unwound()) {
      if (stack.size() <= 1) {
        throw fail("diverged: an exception unwound more traced frames than the thread has");
      }
      final Frame f = pop();
      if (!f.isExternal()) {
        popped++;
        last = f;
      }
    }
    if (e.catchBlock() == ExceptionRecord.UNCAUGHT) {
      // The thread's untraced bottom frame still runs: the JVM hands the exception to the uncaught-exception
      // handler, which can call traced code (the exception's getMessage or toString, a traced handler).
      while (stack.size() > 1) {
        if (!pop().isExternal()) {
          throw fail("diverged: an uncaught exception left a traced frame below the ones it unwound");
        }
      }
      return;
    }
    if (e.catchBlock() == ExceptionRecord.UNTRACED) {
      // The JVM itself takes an exception that ends a class initialiser, in the frame that started it: that
      // frame is traced when a traced block's instruction started the initialiser.
      if (!top().isExternal()) {
        if (last == null || last.kind != Frame.Kind.INTERRUPT) {
          throw fail("diverged: an exception caught in untraced code left a traced frame on top");
        }
        failedInit = true;
      }
      return;
    }
    while (top().isExternal() && stack.size() > 1) {
      stack.remove(stack.size() - 1);
    }
    if (top().isExternal() || top().method != program.methodOf(e.catchBlock())) {
      throw fail("diverged: the exception's handler " + where(e.catchBlock()) + " is not in the frame it unwound to");
    }
    enter(e.catchBlock());
  }

  private void push(final Frame frame, final int entry) {
    stack.add(frame);
    calls.enter(frame.method, length);
    enter(entry);
  }

  private Frame pop() {
    final Frame popped = stack.remove(stack.size() - 1);
    if (!popped.isExternal()) {
      calls.exit(popped.method, length);
    }
    return popped;
  }

  /** Pops every frame: the thread ends here. */
  private void clear() {
    while (!stack.isEmpty()) {
      pop();
    }
  }

  /** Enters a block in the top frame; every session holding it as a witness must have it at its head. */
  private void enter(final int block) {
    if (block < 0) {
      throw fail("diverged: a call returned where its method has no return site");
    }
    top().block = block;
    top().untracedInitDone = false;
    if (length == path.length) {
      path = Arrays.copyOf(path, length * 2);
    }
    path[length++] = block;
    for (int s = 0; s < models.size(); s++) {
      if (models.get(s).isWitness(block)) {
        if (head(s) != block) {
          throw fail("diverged: entered witness " + where(block) + " but session " + s + " holds "
              + describe(goal(s)));
        }
        pos[s]++;
      }
    }
  }

  private boolean headsInclude(final int block) {
    for (int s = 0; s < models.size(); s++) {
      if (head(s) == block) {
        return true;
      }
    }
    return false;
  }

  /** Whether every stream is spent and the thread ends by returning. */
  private boolean allAtEnd() {
    for (int s = 0; s < models.size(); s++) {
      if (head(s) != Integer.MAX_VALUE || ends.get(s) != null) {
        return false;
      }
    }
    return true;
  }

  /**
   * The exception every session has at its head, or {@code null}. While one session still holds a
   * witness, the walk has not reached the throw: an earlier visit of the same block threw nothing.
   */
  private ExceptionRecord exceptionHead() {
    ExceptionRecord e = null;
    for (int s = 0; s < models.size(); s++) {
      final int h = head(s);
      if (h >= 0 || h == Integer.MAX_VALUE) {
        return null;
      }
      final ExceptionRecord here = exceptions.get(s).get(-h - 1);
      if (e != null && !e.equals(here)) {
        return null;
      }
      e = here;
    }
    return e;
  }

  private Frame top() {
    return stack.get(stack.size() - 1);
  }

  /** Session s's next event: a witness id, -(k+1) for its k-th exception, or MAX_VALUE at the end. */
  private int head(final int s) {
    return pos[s] < events.get(s).length ? events.get(s)[pos[s]] : Integer.MAX_VALUE;
  }

  private Goal goal(final int s) {
    final int h = head(s);
    if (h == Integer.MAX_VALUE) {
      return ends.get(s) == null ? Goal.END : Goal.of(ends.get(s));
    }
    return h >= 0 ? Goal.witness(h) : Goal.of(exceptions.get(s).get(-h - 1));
  }

  /** The goal of the first session that is not at its end, for messages. */
  private Goal firstGoal() {
    for (int s = 0; s < models.size(); s++) {
      if (head(s) != Integer.MAX_VALUE || ends.get(s) != null) {
        return goal(s);
      }
    }
    return Goal.END;
  }

  /** The path projected on each session's witnesses must be that session's hits exactly. */
  private void selfCheck(final int[] result) {
    for (int s = 0; s < models.size(); s++) {
      final int[] ev = events.get(s);
      int k = 0;
      for (final int b : result) {
        if (models.get(s).isWitness(b)) {
          while (k < ev.length && ev[k] < 0) {
            k++;
          }
          if (k >= ev.length || ev[k] != b) {
            throw fail("self-check failed: the decoded path does not reproduce the stream of session " + s);
          }
          k++;
        }
      }
    }
  }

  private String describe(final Goal goal) {
    return switch (goal.kind()) {
      case WITNESS -> "witness " + where(goal.witness());
      case END -> "the end of the thread";
      case THROW_TRACED -> "an exception thrown at " + where(goal.throwBlock());
      case THROW_UNTRACED -> "an exception thrown in untraced code called at " + where(goal.throwBlock());
      case HALT_TRACED -> "the thread's end (the VM died) at " + where(goal.throwBlock());
      case HALT_UNTRACED -> "the thread's end (the VM died) in untraced code called at " + where(goal.throwBlock());
    };
  }

  private String where(final int block) {
    final Block b = program.block(block);
    final String source = program.declaringClass(program.methodOf(block)).sourceFile();
    return program.methodOfBlock(block).id() + " bci " + b.startBci()
        + (b.firstLine() > 0 ? " (" + (source == null ? "?" : source) + ":" + b.firstLine() + ")" : "");
  }

  private ReconstructionException fail(final String what) {
    final String at = stack.isEmpty() || top().isExternal()
        ? "in untraced code" + (length == 0 ? " before any traced block" : " after " + where(path[length - 1]))
        : "at " + where(top().block);
    return new ReconstructionException("thread " + thread + ", " + at + ": " + what + "; " + unplaced());
  }

  /** Each session's next event, which the walk could not place, or that it is at its end. */
  private String unplaced() {
    final List<String> next = new ArrayList<>();
    for (int s = 0; s < models.size(); s++) {
      final int left = events.get(s).length - pos[s];
      next.add("session " + s + (left == 0 ? " is at its end" + (ends.get(s) == null ? "" : ", " + describe(goal(s)))
          : " has " + left + " event(s) left, the next " + describe(goal(s))));
    }
    return String.join(", ", next);
  }
}
