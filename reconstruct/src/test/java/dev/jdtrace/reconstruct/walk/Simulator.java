package dev.jdtrace.reconstruct.walk;

import dev.jdtrace.plan.model.Block;
import dev.jdtrace.plan.model.Program;
import dev.jdtrace.trace.stream.EndRecord;
import dev.jdtrace.trace.stream.ExceptionRecord;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * Runs a {@link GeneratedProgram} the way the JVM would, on one thread whose bottom is untraced code calling
 * callbacks (main, lambda bodies, interface implementations…) one to three times. Every choice (a branch,
 * a switch case, a virtual call's receiver, whether untraced code calls back — and which — or returns or
 * throws, which frame catches an exception) is asked of a {@link Chooser}. Class initialisers run at the first
 * block that triggers them, or before untraced code calls a static callback of their class.
 *
 * <p>The result is the trace: the true block path interleaved with the exception records the JVM would report
 * (throw block, catch block, traced frames unwound). The stream for a witness set is its projection.
 *
 * <p>An exception never leaves a class initialiser: the JVM takes it there (the record says untraced code
 * caught it) and throws again where the initialisation started: at the block that started it, or in the
 * untraced code that did, which may catch that itself. An uncaught exception leaves the thread's untraced
 * bottom frame, which may call back once more (the uncaught-exception handler calling {@code toString}).
 *
 * <p>Not modelled: class initialisation by {@code new}.
 */
final class Simulator {

  /** What a choice is about, so a random chooser can weigh options. */
  enum Choice { SUCCESSOR, RECEIVER, EXTERNAL, PURE_THROWS, CATCH }

  /** Picks an option; {@code costs[i]} is the least number of blocks option i adds before its method ends. */
  interface Chooser {
    int choose(Choice what, int[] costs, int length, int depth);
  }

  /** Thrown by a chooser to abandon a run (too long or too deep). */
  static final class Abandon extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Abandon() {
      super(null, null, false, false);
    }
  }

  /**
   * One execution.
   *
   * @param trace block ids, and {@code -(k+1)} for the k-th exception, in order
   * @param exceptions the exception records
   * @param pureThrow whether an exception was thrown by a call into untraced code that cannot call back
   * @param features what the run exercised, for coverage statistics
   * @param halts the places where the VM could have died, one before each step of the run
   */
  record Execution(int[] trace, List<ExceptionRecord> exceptions, boolean pureThrow, Set<String> features,
      List<Rest> rests, List<Halt> halts) {

    Execution(final int[] trace, final List<ExceptionRecord> exceptions, final boolean pureThrow,
        final Set<String> features) {
      this(trace, exceptions, pureThrow, features, List.of(), List.of());
    }

    int[] path() {
      return path(trace.length);
    }

    /** The path of the run cut after {@code length} trace entries. */
    int[] path(final int length) {
      return Arrays.stream(trace, 0, length).filter(x -> x >= 0).toArray();
    }

    /** The stream of a witness set: witness hits and every exception, in order. */
    int[] stream(final BitSet witnesses) {
      return stream(witnesses, trace.length);
    }

    /** The stream of a witness set for the run cut after {@code length} trace entries. */
    int[] stream(final BitSet witnesses, final int length) {
      return Arrays.stream(trace, 0, length).filter(x -> x < 0 || witnesses.get(x)).toArray();
    }

    String key() {
      return Arrays.toString(trace) + exceptions;
    }

    @Override
    public String toString() {
      return "path " + Arrays.toString(path()) + (exceptions.isEmpty() ? "" : " exceptions " + exceptions
          + " trace " + Arrays.toString(trace)) + (pureThrow ? " [a pure call threw]" : "");
    }
  }

  /**
   * The VM dying between two steps of the run: what the session would have recorded by then.
   *
   * @param length trace entries recorded
   * @param end the thread's traced frames as the VM shows them, or null when it stands in no traced code
   */
  record Halt(int length, EndRecord end) {
  }

  /**
   * A moment the thread was at rest inside an untraced call under traced frames, as an attach would find it
   * (no class initialiser on the stack).
   *
   * @param at how many trace entries came before it
   * @param stack the walker's start stack then ({@link StartStack}): call blocks, -1 for untraced frames
   */
  record Rest(int at, int[] stack) {
  }

  private enum Kind { TRACED, INTERRUPT, EXTERNAL }

  private static final class Frame {
    final Kind kind;
    final int method;
    final int site;
    int block;
    boolean initsDone;
    int calls;
    int pendingCallback = -1;
    /** The bottom frame, running the uncaught-exception handler. */
    boolean afterUncaught;

    Frame(final Kind kind, final int method, final int site) {
      this.kind = kind;
      this.method = method;
      this.site = site;
    }
  }

  static final int BOTTOM_CALLS = 3;
  static final int SITE_CALLS = 2;

  private final GeneratedProgram g;
  private final Program p;
  private final int[] callbackList;
  private final boolean untracedThrows;
  private final int hardCap;

  Simulator(final GeneratedProgram g, final boolean untracedThrows, final int hardCap) {
    this.g = g;
    this.p = g.program;
    this.callbackList = g.callbacks.stream().toArray();
    this.untracedThrows = untracedThrows;
    this.hardCap = hardCap;
  }

  /** One run; throws {@link Abandon} when the chooser gives up. */
  Execution run(final Chooser chooser) {
    return new Run(chooser).go();
  }

  private final class Run {
    private final Chooser chooser;
    private final List<Frame> stack = new ArrayList<>();
    private final BitSet initialised = new BitSet();
    private int[] trace = new int[64];
    private int length;
    private int blocks;
    private final List<ExceptionRecord> exceptions = new ArrayList<>();
    private boolean pureThrow;
    private final Set<String> features = new HashSet<>();
    private final List<Halt> halts = new ArrayList<>();
    private final List<Rest> rests = new ArrayList<>();

    Run(final Chooser chooser) {
      this.chooser = chooser;
    }

    Execution go() {
      stack.add(new Frame(Kind.EXTERNAL, -1, -1));
      while (!stack.isEmpty()) {
        if (blocks > hardCap) {
          // Steering to an end can fail on rare shapes (a recursion the cost estimate does not bound):
          // give this run up, as the enumeration gives up runs that grow too long.
          throw new Abandon();
        }
        halts.add(new Halt(length, snapshot()));
        final Frame top = top();
        if (top.kind == Kind.EXTERNAL) {
          stepExternal(top);
        } else {
          stepTraced(top);
        }
      }
      return new Execution(Arrays.copyOf(trace, length), List.copyOf(exceptions), pureThrow, Set.copyOf(features),
          List.copyOf(rests), List.copyOf(halts));
    }

    /**
     * The stack as the VM would show it if it died now: traced frames top first, each at its block, marked
     * when untraced code lies above it. The bottom frame is the thread's own untraced code.
     */
    private EndRecord snapshot() {
      final List<EndRecord.Frame> frames = new ArrayList<>();
      boolean untracedAbove = false;
      for (int i = stack.size() - 1; i >= 1; i--) {
        final Frame f = stack.get(i);
        if (f.kind == Kind.EXTERNAL) {
          untracedAbove = true;
        } else {
          frames.add(new EndRecord.Frame(f.block, untracedAbove));
          untracedAbove = false;
        }
      }
      return frames.isEmpty() ? null : new EndRecord(frames);
    }

    private int choose(final Choice what, final int[] costs) {
      if (costs.length == 1) {
        return 0;
      }
      return chooser.choose(what, costs, blocks, stack.size());
    }

    private Frame top() {
      return stack.get(stack.size() - 1);
    }

    private void record(final int x) {
      if (length == trace.length) {
        trace = Arrays.copyOf(trace, length * 2);
      }
      trace[length++] = x;
    }

    private void enter(final Frame f, final int block) {
      f.block = block;
      f.initsDone = false;
      record(block);
      blocks++;
    }

    private boolean clinitOnStack() {
      for (final Frame f : stack) {
        if (f.kind == Kind.INTERRUPT || (f.kind == Kind.TRACED && p.methods().get(f.method).id().name()
            .equals("<clinit>"))) {
          return true;
        }
      }
      return false;
    }

    private void stepExternal(final Frame top) {
      if (top.site >= 0 && top.pendingCallback < 0 && !clinitOnStack()) {
        final int[] frames = new int[stack.size() - 1];
        for (int i = 1; i < stack.size(); i++) {
          frames[i - 1] = stack.get(i).kind == Kind.EXTERNAL ? -1 : stack.get(i).block;
        }
        rests.add(new Rest(length, frames));
      }
      if (top.pendingCallback >= 0) {
        final int m = top.pendingCallback;
        top.pendingCallback = -1;
        call(m, Kind.TRACED);
        return;
      }
      // Options: 0 = return (or end the thread), then each callback, then an exception in untraced code.
      final boolean bottom = top.site < 0;
      final boolean mayCall = top.calls < (bottom ? BOTTOM_CALLS : SITE_CALLS);
      final boolean mustCall = bottom && top.calls == 0;
      final boolean mayThrow = untracedThrows && !mustCall && stack.size() > 1;
      final List<Integer> options = new ArrayList<>();
      final List<Integer> costs = new ArrayList<>();
      if (!mustCall) {
        options.add(-1);
        costs.add(0);
      }
      if (mayCall) {
        for (final int cb : callbackList) {
          if (isClinit(cb) && initialised.get(cb)) {
            continue; // Untraced code can start a class's initialisation (reflection…) only once.
          }
          options.add(cb);
          costs.add(g.cost[p.blockId(cb, 0)]);
        }
      }
      if (mayThrow) {
        options.add(-2);
        costs.add(0);
      }
      final int pick = options.get(choose(Choice.EXTERNAL, costs.stream().mapToInt(Integer::intValue).toArray()));
      if (pick == -1) {
        stack.remove(stack.size() - 1);
        if (!bottom) {
          final Frame caller = top();
          enter(caller, returnSite(caller.block));
        }
      } else if (pick == -2) {
        raise(top.site, true, stack.size() - 2);
      } else {
        top.calls++;
        if (top.afterUncaught) {
          features.add("callback after an uncaught exception");
        }
        if (isClinit(pick)) {
          initialised.set(pick);
        }
        final int clinit = g.clinitOfClass[pick];
        if (g.isStatic[pick] && clinit >= 0 && !initialised.get(clinit)) {
          // Untraced code invoking a static method initialises its class first.
          initialised.set(clinit);
          top.pendingCallback = pick;
          call(clinit, Kind.TRACED);
        } else {
          call(pick, Kind.TRACED);
        }
      }
    }

    private void call(final int method, final Kind kind) {
      for (final Frame other : stack) {
        if (other.kind != Kind.EXTERNAL && other.method == method) {
          features.add("recursion");
        }
      }
      if (kind == Kind.INTERRUPT) {
        features.add("class initialiser interrupts a block");
      } else if (isClinit(method)) {
        features.add("class initialiser started by untraced code");
      } else if (top().kind == Kind.EXTERNAL && top().site >= 0) {
        features.add("callback from an untraced call");
      }
      final Frame f = new Frame(kind, method, -1);
      stack.add(f);
      enter(f, p.blockId(method, 0));
    }

    private int returnSite(final int block) {
      return p.blockId(p.methodOf(block), p.block(block).successors().get(0));
    }

    private void stepTraced(final Frame top) {
      final int b = top.block;
      if (!top.initsDone) {
        for (final int clinit : g.inits[b]) {
          if (!initialised.get(clinit)) {
            initialised.set(clinit);
            call(clinit, Kind.INTERRUPT);
            return;
          }
        }
        top.initsDone = true;
      }
      final Block block = p.block(b);
      final int method = p.methodOf(b);
      switch (block.end()) {
        case RETURN -> {
          final Frame done = stack.remove(stack.size() - 1);
          final Frame below = top();
          if (done.kind == Kind.TRACED && below.kind != Kind.EXTERNAL) {
            enter(below, returnSite(below.block));
          }
        }
        case THROW -> raise(b, false, stack.size() - 1);
        case INVOKE -> {
          if (g.external[b]) {
            stack.add(new Frame(Kind.EXTERNAL, -1, b));
          } else if (g.pure[b]) {
            // Untraced code that cannot call back: it returns, or throws.
            if (untracedThrows && choose(Choice.PURE_THROWS, new int[] {0, 0}) == 1) {
              pureThrow = true;
              raise(b, true, stack.size() - 1);
            } else {
              enter(top, returnSite(b));
            }
          } else {
            final int[] targets = g.callees[b];
            final int[] costs = Arrays.stream(targets).map(m -> g.cost[p.blockId(m, 0)]).toArray();
            if (targets.length > 1) {
              features.add("virtual call with several targets");
            }
            call(targets[choose(Choice.RECEIVER, costs)], Kind.TRACED);
          }
        }
        default -> {
          final List<Integer> succ = block.successors();
          final int[] costs = succ.stream().mapToInt(s -> g.cost[p.blockId(method, s)]).toArray();
          enter(top, p.blockId(method, succ.get(choose(Choice.SUCCESSOR, costs))));
        }
      }
    }

    /**
     * Throws at a traced block, or in untraced code called from it ({@code inCall}: the JVM reports the block
     * of the innermost traced frame), starting the search for a handler at frame {@code from} (untraced code
     * does not catch its own exceptions here: that would not be reported). Each frame on the way down may
     * catch: a traced frame with one of the handlers covering its current block (handlers are typed, so it
     * may also let the exception pass), untraced code at will. The JVM reports where it was thrown, where it
     * was caught, and how many traced frames it unwound.
     */
    private void raise(final int throwBlock, final boolean inCall, final int from) {
      features.add(inCall ? "exception in untraced code" : "athrow");
      int unwound = 0;
      for (int i = from; i >= 0; i--) {
        final Frame f = stack.get(i);
        if (f.kind == Kind.EXTERNAL) {
          if (choose(Choice.CATCH, new int[] {0, 0}) == 0) {
            exception(new ExceptionRecord(throwBlock, inCall, ExceptionRecord.UNTRACED, unwound));
            features.add("exception caught in untraced code");
            truncate(i + 1);
            return;
          }
        } else {
          final List<Integer> handlers = p.block(f.block).handlers();
          final int pick = choose(Choice.CATCH, new int[handlers.size() + 1]);
          if (pick < handlers.size()) {
            final int h = p.blockId(f.method, handlers.get(pick));
            exception(new ExceptionRecord(throwBlock, inCall, h, unwound));
            features.add(unwound > 0 ? "exception caught frames below" : "exception caught where thrown");
            truncate(i + 1);
            enter(f, h);
            return;
          }
          unwound++;
          if (isClinit(f)) {
            exception(new ExceptionRecord(throwBlock, inCall, ExceptionRecord.UNTRACED, unwound));
            truncate(i);
            failedInit(f);
            return;
          }
        }
      }
      exception(new ExceptionRecord(throwBlock, inCall, ExceptionRecord.UNCAUGHT, unwound));
      features.add("uncaught exception");
      truncate(1);
      final Frame bottom = stack.get(0);
      bottom.afterUncaught = true;
      bottom.pendingCallback = -1;
      bottom.calls = BOTTOM_CALLS - 1;
    }

    /**
     * The JVM took an exception at the end of the class initialiser {@code clinit} and throws again where the
     * initialisation started (an ExceptionInInitializerError): the interrupted block, or the untraced code that
     * started it, which may catch it unseen. The thread's bottom frame going on is the same to the decoder as
     * the thread dying of it unreported (no traced frame is left to unwind).
     */
    private void failedInit(final Frame clinit) {
      final Frame below = top();
      if (clinit.kind == Kind.INTERRUPT) {
        features.add("exception ends a class initialiser started by a block");
        raise(below.block, false, stack.size() - 1);
        return;
      }
      features.add("exception ends a class initialiser started by untraced code");
      below.pendingCallback = -1; // the static method untraced code was calling never runs
      if (below.site >= 0 && choose(Choice.CATCH, new int[] {0, 0}) == 1) {
        raise(below.site, true, stack.size() - 2);
      }
    }

    private boolean isClinit(final Frame f) {
      return f.kind != Kind.EXTERNAL && isClinit(f.method);
    }

    private boolean isClinit(final int method) {
      return p.methods().get(method).id().name().equals("<clinit>");
    }

    private void truncate(final int size) {
      while (stack.size() > size) {
        stack.remove(stack.size() - 1);
      }
    }

    private void exception(final ExceptionRecord e) {
      exceptions.add(e);
      record(-exceptions.size());
    }
  }

  // -----------------------------------------------------------------------------------------------------------
  // Choosers

  /**
   * Random choices until the run is {@code budget} blocks long or {@code maxDepth} frames deep, then the
   * cheapest way out: no more callbacks, loops exit, recursion stops.
   */
  static Chooser random(final Random random, final int budget, final int maxDepth) {
    return (what, costs, length, depth) -> {
      if (length >= budget || depth >= maxDepth) {
        int best = 0;
        for (int i = 1; i < costs.length; i++) {
          if (costs[i] < costs[best]) {
            best = i;
          }
        }
        return best;
      }
      if (what == Choice.PURE_THROWS) {
        return random.nextDouble() < 0.1 ? 1 : 0;
      }
      if (what == Choice.EXTERNAL) {
        // Mostly return; sometimes call back; rarely throw.
        final double r = random.nextDouble();
        if (r < 0.45 && costs[0] == 0) {
          return 0;
        }
        return random.nextInt(costs.length);
      }
      return random.nextInt(costs.length);
    };
  }

  /**
   * Every execution of at most {@code maxLength} blocks and {@code maxDepth} frames, by depth-first search
   * over the choices, until {@code maxRuns} runs (complete or abandoned) or {@code maxExecutions} executions.
   */
  List<Execution> enumerate(final int maxLength, final int maxDepth, final int maxRuns, final int maxExecutions) {
    final Map<String, Execution> out = new LinkedHashMap<>();
    final List<int[]> script = new ArrayList<>(); // {choice, arity}
    for (int run = 0; run < maxRuns && out.size() < maxExecutions; run++) {
      final int[] at = {0};
      final Chooser replay = (what, costs, length, depth) -> {
        if (length > maxLength || depth > maxDepth) {
          throw new Abandon();
        }
        final int i = at[0]++;
        if (i < script.size()) {
          return script.get(i)[0];
        }
        script.add(new int[] {0, costs.length});
        return 0;
      };
      try {
        final Execution e = run(replay);
        if (e.path().length <= maxLength) {
          out.putIfAbsent(e.key(), e);
        }
      } catch (final Abandon a) {
        // Too long: drop the choices this run did not reach, and try the next.
        while (script.size() > at[0]) {
          script.remove(script.size() - 1);
        }
      }
      // Next script: the odometer over the recorded choices.
      while (!script.isEmpty() && script.get(script.size() - 1)[0] + 1 >= script.get(script.size() - 1)[1]) {
        script.remove(script.size() - 1);
      }
      if (script.isEmpty()) {
        break;
      }
      script.get(script.size() - 1)[0]++;
    }
    return new ArrayList<>(out.values());
  }
}
