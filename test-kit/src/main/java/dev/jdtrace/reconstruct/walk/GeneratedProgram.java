package dev.jdtrace.reconstruct.walk;

import dev.jdtrace.plan.model.Block;
import dev.jdtrace.plan.model.BlockEnd;
import dev.jdtrace.plan.model.CallSite;
import dev.jdtrace.plan.model.ClassModel;
import dev.jdtrace.plan.model.MethodCfg;
import dev.jdtrace.plan.model.MethodId;
import dev.jdtrace.plan.model.Program;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * A random but valid {@link Program} built directly from model records, no class files: a few classes with
 * static methods (and, optionally, instance methods in a class hierarchy and {@code <clinit>}s), each method a
 * structured CFG compiled like javac would lay it out (sequences, if/else, switches with shared targets and
 * fall-through, while and do-while loops with break/continue, early returns, try/catch, athrow), with calls to
 * other generated methods (static, virtual with several targets, recursion under a guard) and to untraced code:
 * {@code Math.abs} (pure: it cannot call back, but may throw), {@code Arrays.sort}, invokedynamic, and interface
 * calls that may dispatch to traced methods. Hand-built programs go through {@link #GeneratedProgram(Program)}.
 *
 * <p>Every decision reads the next number of a <em>recipe</em>; an exhausted recipe reads 0, which always means
 * the simplest choice (stop the sequence, no flag). So jqwik shrinks a failing recipe to a small program. The
 * same code takes a {@link Random} for the large programs of the benchmark.
 *
 * <p>Besides the program it records what the simulator needs, computed independently of the planner: the
 * callback methods, which traced methods each call can enter, which classes a block initialises, and the least
 * number of blocks to leave each block's method (to steer executions to an end).
 *
 * <p>Also drives reconstruct's {@code IcfgPlannerBench} and bench's {@code PlanningBenchmark}, the planning-speed benchmarks
 * ({@link #programOfSize}).
 */
public final class GeneratedProgram {

  /** Where decisions come from. */
  interface Source {
    /** A number in {@code 0..bound-1}. */
    int next(int bound);
  }

  static Source recipe(final List<Integer> recipe) {
    return new Source() {
      private int i;

      @Override
      public int next(final int bound) {
        return i < recipe.size() ? Math.floorMod(recipe.get(i++), bound) : 0;
      }
    };
  }

  static Source random(final Random random) {
    return random::nextInt;
  }

  /** Size limits and features. */
  record Options(int maxClasses, int maxStaticMethods, int maxBlocks, int maxDepth, boolean exceptions,
      boolean virtuals, boolean clinits, boolean allClasses) {

    static Options small(final boolean exceptions, final boolean virtuals, final boolean clinits) {
      return new Options(4, 3, 14, 3, exceptions, virtuals, clinits, false);
    }
  }

  static final int INF = Integer.MAX_VALUE / 4;
  static final String PACKAGE = "g.";
  static final String IFACE = "g.Iface";
  static final CallSite MATH_ABS = new CallSite(CallSite.Kind.STATIC, "java.lang.Math", "abs", "(I)I");
  static final CallSite ARRAYS_SORT =
      new CallSite(CallSite.Kind.STATIC, "java.util.Arrays", "sort", "([Ljava/lang/Object;Ljava/util/Comparator;)V");
  static final CallSite DYNAMIC = new CallSite(CallSite.Kind.DYNAMIC, "", "run", "()Ljava/lang/Runnable;");
  /** Triage aid: {@code -Djdtrace.gen.pure=false} generates no calls into untraced code that cannot call back. */
  static final boolean PURE_CALLS = Boolean.parseBoolean(System.getProperty("jdtrace.gen.pure", "true"));
  static final String MAIN_DESC = "([Ljava/lang/String;)V";

  final Program program;
  /** Callback methods (program method indices), by the rules of DESIGN §2 applied to what was generated. */
  final BitSet callbacks = new BitSet();
  /** Per global block ending in a traced call: the traced methods the call can enter; {@code null} otherwise. */
  final int[][] callees;
  /** Per global block ending in a call: whether it enters untraced code that may call back. */
  final boolean[] external;
  /** Per global block ending in a call: whether it enters untraced code that cannot call back ({@code Math.abs}). */
  final boolean[] pure;
  /** Per global block: {@code <clinit>} method indices it can start, in JVM order. */
  final int[][] inits;
  /** Per method: the class's {@code <clinit>} method index, or -1 (for callbacks called by untraced code). */
  final int[] clinitOfClass;
  /** Per global block: least number of blocks from entering it to leaving its method. */
  final int[] cost;
  /** Static methods called back by untraced code need their class initialised; instance ones do not. */
  final boolean[] isStatic;

  /** Derives what the simulator needs from a program: generated, or built by hand. */
  GeneratedProgram(final Program program) {
    this.program = program;
    final Set<MethodId> handleTargets = new java.util.HashSet<>();
    final Set<String> interfaceCalls = new java.util.HashSet<>();
    for (final ClassModel c : program.classes()) {
      handleTargets.addAll(c.handleTargets());
      for (final MethodCfg m : c.methods()) {
        for (final Block b : m.blocks()) {
          if (b.call() != null && b.call().kind() == CallSite.Kind.INTERFACE) {
            interfaceCalls.add(b.call().name() + b.call().descriptor());
          }
        }
      }
    }
    final int n = program.blockCount();
    callees = new int[n][];
    external = new boolean[n];
    pure = new boolean[n];
    inits = new int[n][];
    cost = new int[n];
    clinitOfClass = new int[program.methods().size()];
    isStatic = new boolean[program.methods().size()];
    for (int m = 0; m < program.methods().size(); m++) {
      final MethodCfg cfg = program.methods().get(m);
      isStatic[m] = cfg.isStatic();
      clinitOfClass[m] = program.methodIndex(new MethodId(cfg.id().className(), "<clinit>", "()V"));
      if (handleTargets.contains(cfg.id()) || cfg.id().name().equals("<clinit>")
          || (cfg.id().nameAndDescriptor().equals("main" + MAIN_DESC) && cfg.isStatic())
          || (!cfg.isStatic() && interfaceCalls.contains(cfg.id().nameAndDescriptor()))) {
        callbacks.set(m);
      }
    }
    for (int b = 0; b < n; b++) {
      final Block block = program.block(b);
      inits[b] = block.inits().stream().map(r -> program.methodIndex(new MethodId(r.owner(), "<clinit>", "()V")))
          .filter(x -> x >= 0).distinct().mapToInt(Integer::intValue).toArray();
      if (block.end() == BlockEnd.INVOKE) {
        resolveCall(b, block.call());
      }
    }
    computeCosts();
  }

  /** What a call site can enter at run time, by the JVM's rules over the program's classes. */
  private void resolveCall(final int b, final CallSite call) {
    switch (call.kind()) {
      case STATIC -> {
        final int m = program.methodIndex(new MethodId(call.owner(), call.name(), call.descriptor()));
        if (m >= 0) {
          callees[b] = new int[] {m};
        } else if (call.owner().equals(MATH_ABS.owner())) {
          pure[b] = true;
        } else {
          external[b] = true;
        }
      }
      case VIRTUAL -> {
        final Set<Integer> targets = new java.util.TreeSet<>();
        for (final ClassModel receiver : program.classes()) {
          if (isSubclass(receiver, call.owner())) {
            final int m = lookup(receiver, call.name() + call.descriptor());
            if (m < 0) {
              throw new IllegalStateException("no " + call.name() + " for receiver " + receiver.name());
            }
            targets.add(m);
          }
        }
        callees[b] = targets.stream().mapToInt(Integer::intValue).toArray();
      }
      default -> external[b] = true;
    }
  }

  private boolean isSubclass(final ClassModel c, final String ancestor) {
    for (ClassModel x = c; x != null; x = program.classNamed(x.superName())) {
      if (x.name().equals(ancestor)) {
        return true;
      }
      if (x.superName() == null) {
        return false;
      }
    }
    return false;
  }

  /** The instance method a receiver of this class runs: up the superclass chain; -1 if none. */
  private int lookup(final ClassModel receiver, final String nameAndDescriptor) {
    for (ClassModel x = receiver; x != null; x = x.superName() == null ? null : program.classNamed(x.superName())) {
      for (final MethodCfg m : x.methods()) {
        if (!m.isStatic() && m.id().nameAndDescriptor().equals(nameAndDescriptor)) {
          return program.methodIndex(m.id());
        }
      }
    }
    return -1;
  }

  private void computeCosts() {
    Arrays.fill(cost, INF);
    boolean changed = true;
    while (changed) {
      changed = false;
      for (int b = program.blockCount() - 1; b >= 0; b--) {
        final Block block = program.block(b);
        final int method = program.methodOf(b);
        long c;
        switch (block.end()) {
          case RETURN, THROW -> c = 1;
          case INVOKE -> {
            long callee = 0;
            if (callees[b] != null) {
              callee = INF;
              for (final int m : callees[b]) {
                callee = Math.min(callee, cost[program.blockId(m, 0)]);
              }
            }
            c = 1 + callee + cost[program.blockId(method, block.successors().get(0))];
          }
          default -> {
            long best = INF;
            for (final int s : block.successors()) {
              best = Math.min(best, cost[program.blockId(method, s)]);
            }
            c = 1 + best;
          }
        }
        final int v = (int) Math.min(INF, c);
        if (v < cost[b]) {
          cost[b] = v;
          changed = true;
        }
      }
    }
    for (int m = 0; m < program.methods().size(); m++) {
      if (cost[program.blockId(m, 0)] >= INF) {
        throw new IllegalStateException("generated method cannot return: " + program.methods().get(m).id());
      }
    }
  }

  // ---------------------------------------------------------------------------------------------------------
  // Generation

  /**
   * A large random program of about {@code blocks} blocks, the same for the same seed: about 150 blocks per
   * class (1-8 static methods of up to 30 blocks, up to 3 instance methods), with exceptions, virtual
   * dispatch and class initialisers.
   */
  static GeneratedProgram ofSize(final int blocks, final long seed) {
    return generate(random(new Random(seed)), new Options(Math.max(1, blocks / 150), 8, 30, 3, true, true, true,
        true));
  }

  /** The program of {@link #ofSize}, for the planning benchmark in bench. */
  public static Program programOfSize(final int blocks, final long seed) {
    return ofSize(blocks, seed).program;
  }

  /** A random program. */
  static GeneratedProgram generate(final Source src, final Options opt) {
    return new GeneratedProgram(new Generator(src, opt).build());
  }

  private static final class Generator {

    private final Source src;
    private final Options opt;
    private final List<ClassSpec> classes = new ArrayList<>();
    private final List<MethodSpec> methods = new ArrayList<>();

    private static final class ClassSpec {
      final String name;
      final ClassSpec superClass;
      final boolean clinit;
      final List<MethodSpec> methods = new ArrayList<>();
      final List<ClassSpec> subclasses = new ArrayList<>();

      ClassSpec(final String name, final ClassSpec superClass, final boolean clinit) {
        this.name = name;
        this.superClass = superClass;
        this.clinit = clinit;
      }
    }

    private static final class MethodSpec {
      final ClassSpec owner;
      final String name;
      final String descriptor;
      final boolean isStatic;
      final int ordinal;
      boolean handleTarget;
      List<Block> blocks;

      MethodSpec(final ClassSpec owner, final String name, final String descriptor, final boolean isStatic,
          final int ordinal) {
        this.owner = owner;
        this.name = name;
        this.descriptor = descriptor;
        this.isStatic = isStatic;
        this.ordinal = ordinal;
      }

      MethodId id() {
        return new MethodId(owner.name, name, descriptor);
      }
    }

    Generator(final Source src, final Options opt) {
      this.src = src;
      this.opt = opt;
    }

    Program build() {
      final int width = Math.max(2, String.valueOf(opt.maxClasses()).length());
      final int nClasses = opt.allClasses() ? opt.maxClasses() : 1 + src.next(opt.maxClasses());
      for (int i = 0; i < nClasses; i++) {
        final String name = PACKAGE + "C" + pad(i, width);
        ClassSpec sup = null;
        boolean clinit = false;
        if (opt.clinits() && src.next(3) == 1) {
          clinit = true;
        } else if (opt.virtuals() && i > 0 && src.next(2) == 1) {
          final List<ClassSpec> candidates = classes.stream().filter(c -> !c.clinit).toList();
          if (!candidates.isEmpty()) {
            sup = candidates.get(src.next(candidates.size()));
          }
        }
        final ClassSpec c = new ClassSpec(name, sup, clinit);
        if (sup != null) {
          sup.subclasses.add(c);
        }
        classes.add(c);
      }
      // Methods, in the order the Program will number them (classes sorted by name, zero-padded).
      for (final ClassSpec c : classes) {
        if (c.clinit) {
          add(c, "<clinit>", "()V", true);
        }
        if (c == classes.get(0)) {
          add(c, "main", MAIN_DESC, true);
        }
        final int statics = (c == classes.get(0) ? 0 : 1) + src.next(opt.maxStaticMethods());
        for (int k = 0; k < statics; k++) {
          add(c, "s" + k, "()V", true);
        }
        if (opt.virtuals() && !c.clinit) {
          final Set<String> names = new LinkedHashSet<>();
          if (c.superClass != null) {
            // A subclass overrides one of the instance methods it inherits, when there is one.
            for (final MethodSpec m : c.superClass.methods) {
              if (!m.isStatic) {
                names.add(m.name);
                break;
              }
            }
          }
          final int instances = src.next(3);
          for (int k = 0; k < instances; k++) {
            names.add("v" + src.next(3));
          }
          for (final String n : names) {
            add(c, n, "()V", false);
          }
        }
      }
      for (final MethodSpec m : methods) {
        if (!m.name.equals("main") && !m.name.equals("<clinit>") && src.next(4) == 3) {
          m.handleTarget = true;
        }
      }
      for (final MethodSpec m : methods) {
        m.blocks = new Body(m).build();
      }
      final List<ClassModel> models = new ArrayList<>();
      for (final ClassSpec c : classes) {
        final List<MethodCfg> cfgs = new ArrayList<>();
        final List<String> declared = new ArrayList<>();
        final List<MethodId> handles = new ArrayList<>();
        for (final MethodSpec m : c.methods) {
          cfgs.add(cfg(m));
          declared.add(m.name + m.descriptor);
        }
        for (final MethodSpec m : methods) {
          // A lambda body is named by a method-handle constant of some class: put it in main's class.
          if (m.handleTarget && c == classes.get(0)) {
            handles.add(m.id());
          }
        }
        models.add(new ClassModel(c.name, c.superClass == null ? "java.lang.Object" : c.superClass.name, List.of(),
            0x0021, c.name.substring(PACKAGE.length()) + ".java", "generated", cfgs, declared,
            c.clinit ? List.of("f") : List.of(), handles));
      }
      return new Program(models);
    }

    private static String pad(final int i, final int width) {
      final String s = String.valueOf(i);
      return "0".repeat(Math.max(0, width - s.length())) + s;
    }

    private void add(final ClassSpec c, final String name, final String desc, final boolean isStatic) {
      final MethodSpec m = new MethodSpec(c, name, desc, isStatic, methods.size());
      c.methods.add(m);
      methods.add(m);
    }

    /** The instance method a receiver of this class runs: up the superclass chain. */
    private static MethodSpec lookupSpec(final ClassSpec receiver, final String name) {
      for (ClassSpec c = receiver; c != null; c = c.superClass) {
        for (final MethodSpec m : c.methods) {
          if (!m.isStatic && m.name.equals(name)) {
            return m;
          }
        }
      }
      return null;
    }

    private static MethodCfg cfg(final MethodSpec m) {
      final List<Integer> starts = new ArrayList<>();
      for (final Block b : m.blocks) {
        for (int o = b.startBci(); o <= b.endBci(); o++) {
          starts.add(o);
        }
      }
      return new MethodCfg(m.id(), m.isStatic ? 0x0009 : 0x0001, m.blocks, starts,
          Integer.toHexString((m.id().toString() + m.blocks).hashCode()));
    }

    // ---------------------------------------------------------------------------------------------------------
    // One method body, emitted like a compiler: blocks in bytecode order, labels for jump targets.

    private static final class Label {
      BB block;
      int refs;
      boolean handler;
    }

    private static final class BB {
      final int index;
      List<Label> handlers;
      int insns;
      BlockEnd end;
      List<Label> targets = List.of();
      CallSite call;
      final List<Block.InitRef> inits = new ArrayList<>();

      BB(final int index, final List<Label> handlers) {
        this.index = index;
        this.handlers = handlers;
      }
    }

    /** Loop labels for break and continue. */
    private record Loop(Label continueTo, Label breakTo) {
    }

    private final class Body {
      private final MethodSpec method;
      private final boolean inClinit;
      private final List<BB> blocks = new ArrayList<>();
      private final Deque<Label> tries = new ArrayDeque<>();
      private BB cur;
      private boolean reachable = true;

      Body(final MethodSpec method) {
        this.method = method;
        this.inClinit = method.name.equals("<clinit>");
      }

      List<Block> build() {
        if (inClinit && opt.exceptions() && src.next(2) == 1) {
          // A static initialiser that may throw: the JVM ends the initialisation there (issue 27).
          stmt(src.next(2) == 0 ? 10 : 2, 0, null);
        }
        seq(0, null);
        if (reachable) {
          close(BlockEnd.RETURN, List.of(), null);
        }
        final List<Block> out = new ArrayList<>();
        for (final BB b : blocks) {
          final LinkedHashSet<Integer> succ = new LinkedHashSet<>();
          switch (b.end) {
            case FALLTHROUGH, INVOKE -> succ.add(b.index + 1);
            case BRANCH -> {
              succ.add(b.index + 1);
              succ.add(b.targets.get(0).block.index);
            }
            case GOTO, SWITCH -> b.targets.forEach(l -> succ.add(l.block.index));
            default -> { }
          }
          final LinkedHashSet<Integer> handlers = new LinkedHashSet<>();
          b.handlers.forEach(l -> handlers.add(l.block.index));
          final int k = Math.max(1, Math.min(b.insns, 5));
          out.add(new Block(b.index, 10 * b.index, 10 * b.index + k - 1, List.of(b.index + 1), b.end,
              List.copyOf(succ), List.copyOf(handlers), b.call, b.inits));
        }
        for (final Block b : out) {
          for (final int s : b.successors()) {
            if (s >= out.size()) {
              throw new IllegalStateException("dangling successor in " + method.id());
            }
          }
        }
        return out;
      }

      // --- emission primitives

      private BB open() {
        if (cur == null) {
          cur = new BB(blocks.size(), List.copyOf(tries));
          blocks.add(cur);
        }
        return cur;
      }

      private void insn() {
        open().insns++;
      }

      private void close(final BlockEnd end, final List<Label> targets, final CallSite call) {
        final BB b = open();
        b.insns++;
        b.end = end;
        b.targets = targets;
        b.call = call;
        targets.forEach(l -> l.refs++);
        cur = null;
        reachable = switch (end) {
          case FALLTHROUGH, INVOKE, BRANCH -> true;
          default -> false;
        };
      }

      /** Places a label; false (placing nothing) when no path reaches it. */
      private boolean place(final Label l) {
        if (!reachable && l.refs == 0 && !l.handler) {
          return false;
        }
        if (cur != null && cur.insns > 0) {
          close(BlockEnd.FALLTHROUGH, List.of(), null);
        }
        l.block = open();
        reachable = true;
        return true;
      }

      /** Starts a new block here so that a try region covers whole blocks. */
      private void boundary() {
        if (cur != null) {
          if (cur.insns > 0) {
            close(BlockEnd.FALLTHROUGH, List.of(), null);
          } else {
            cur.handlers = List.copyOf(tries);
          }
        }
      }

      private void cond(final Label target) {
        insn();
        close(BlockEnd.BRANCH, List.of(target), null);
      }

      private boolean room() {
        return blocks.size() < opt.maxBlocks();
      }

      // --- statements

      private void seq(final int depth, final Loop loop) {
        while (reachable && room()) {
          final int k = src.next(17);
          if (k == 0) {
            return;
          }
          stmt(k, depth, loop);
        }
      }

      private void arm(final int depth, final Loop loop) {
        insn();
        seq(depth + 1, loop);
      }

      private void stmt(final int kind, final int depth, final Loop loop) {
        final boolean nest = depth < opt.maxDepth();
        switch (kind) {
          case 1 -> forwardCall();
          case 2 -> externalCall();
          case 3 -> {
            if (!nest) {
              forwardCall();
              return;
            }
            final Label otherwise = new Label();
            final Label join = new Label();
            cond(otherwise);
            arm(depth, loop);
            if (reachable) {
              close(BlockEnd.GOTO, List.of(join), null);
            }
            place(otherwise);
            arm(depth, loop);
            place(join);
          }
          case 4 -> {
            if (!nest) {
              externalCall();
              return;
            }
            final Label join = new Label();
            cond(join);
            arm(depth, loop);
            place(join);
          }
          case 5 -> {
            if (!nest) {
              forwardCall();
              return;
            }
            final Label head = new Label();
            final Label exit = new Label();
            place(head);
            cond(exit);
            arm(depth, new Loop(head, exit));
            if (reachable) {
              close(BlockEnd.GOTO, List.of(head), null);
            }
            place(exit);
          }
          case 6 -> {
            if (!nest) {
              externalCall();
              return;
            }
            final Label top = new Label();
            final Label test = new Label();
            final Label exit = new Label();
            place(top);
            arm(depth, new Loop(test, exit));
            if (place(test)) {
              insn();
              close(BlockEnd.BRANCH, List.of(top), null);
            }
            place(exit);
          }
          case 7 -> {
            if (!nest) {
              forwardCall();
              return;
            }
            switchStmt(depth, loop);
          }
          case 8 -> backCall();
          case 9 -> guarded(() -> close(BlockEnd.RETURN, List.of(), null));
          case 10 -> {
            if (opt.exceptions()) {
              guarded(() -> close(BlockEnd.THROW, List.of(), null));
            } else {
              externalCall();
            }
          }
          case 11 -> {
            if (opt.exceptions() && nest) {
              tryStmt(depth, loop);
            } else {
              forwardCall();
            }
          }
          case 12 -> {
            if (loop != null) {
              final Label to = src.next(2) == 0 ? loop.breakTo() : loop.continueTo();
              guarded(() -> close(BlockEnd.GOTO, List.of(to), null));
            } else {
              externalCall();
            }
          }
          case 13 -> virtualCall();
          case 14 -> getstatic();
          case 15 -> {
            // An arm ends here: return, throw, break or continue.
            if (depth == 0) {
              externalCall();
              return;
            }
            final int how = src.next(4);
            if (how == 1 && opt.exceptions()) {
              close(BlockEnd.THROW, List.of(), null);
            } else if (how >= 2 && loop != null) {
              close(BlockEnd.GOTO, List.of(how == 2 ? loop.breakTo() : loop.continueTo()), null);
            } else {
              close(BlockEnd.RETURN, List.of(), null);
            }
          }
          case 16 -> {
            // if (c) {}: both ways of the branch reach the next block.
            final Label join = new Label();
            cond(join);
            place(join);
          }
          default -> throw new IllegalStateException("kind " + kind);
        }
      }

      private void guarded(final Runnable then) {
        final Label join = new Label();
        cond(join);
        insn();
        then.run();
        place(join);
      }

      private void switchStmt(final int depth, final Loop loop) {
        final Label join = new Label();
        final Label dflt = src.next(2) == 0 ? join : new Label();
        final int n = 2 + src.next(3);
        final List<Label> cases = new ArrayList<>();
        for (int i = 0; i < n; i++) {
          cases.add(i > 0 && src.next(4) == 1 ? cases.get(i - 1) : new Label());
        }
        final List<Label> targets = new ArrayList<>();
        targets.add(dflt);
        targets.addAll(cases);
        insn();
        close(BlockEnd.SWITCH, targets, null);
        final List<Label> arms = new ArrayList<>(new LinkedHashSet<>(cases));
        if (dflt != join) {
          arms.add(dflt);
        }
        for (int i = 0; i < arms.size(); i++) {
          place(arms.get(i));
          arm(depth, loop);
          if (reachable && (i == arms.size() - 1 || src.next(3) != 1)) {
            close(BlockEnd.GOTO, List.of(join), null);
          }
        }
        place(join);
      }

      private void tryStmt(final int depth, final Loop loop) {
        final Label handler = new Label();
        handler.handler = true;
        final Label join = new Label();
        tries.push(handler);
        boundary();
        arm(depth, loop);
        if (reachable) {
          close(BlockEnd.GOTO, List.of(join), null);
        }
        tries.pop();
        place(handler);
        arm(depth, loop);
        place(join);
      }

      private void call(final CallSite site) {
        insn();
        closeCall(site);
      }

      /** Ends the open block with the call; an invokestatic may initialise the class it names. */
      private void closeCall(final CallSite site) {
        if (site.kind() == CallSite.Kind.STATIC) {
          open().inits.add(new Block.InitRef(site.owner(), site.name(), site.descriptor()));
        }
        close(BlockEnd.INVOKE, List.of(), site);
      }

      private CallSite staticSite(final MethodSpec target) {
        return new CallSite(CallSite.Kind.STATIC, target.owner.name, target.name, target.descriptor);
      }

      private void forwardCall() {
        if (inClinit) {
          externalCall();
          return;
        }
        final List<MethodSpec> later = methods.stream()
            .filter(m -> m.isStatic && m.ordinal > method.ordinal && !m.name.equals("<clinit>")).toList();
        if (later.isEmpty()) {
          externalCall();
          return;
        }
        call(staticSite(later.get(src.next(later.size()))));
      }

      /** A call to this or an earlier method (recursion), under a branch so that runs can avoid it. */
      private void backCall() {
        if (inClinit) {
          externalCall();
          return;
        }
        final List<MethodSpec> earlier = methods.stream()
            .filter(m -> m.isStatic && m.ordinal <= method.ordinal && !m.name.equals("<clinit>")).toList();
        if (earlier.isEmpty()) {
          externalCall();
          return;
        }
        final MethodSpec target = earlier.get(src.next(earlier.size()));
        guarded(() -> closeCall(staticSite(target)));
      }

      private void externalCall() {
        final int k = src.next(opt.virtuals() ? 4 : 3);
        if (k == 3) {
          call(new CallSite(CallSite.Kind.INTERFACE, IFACE, "v1", "()V"));
        } else {
          call(k == 0 && PURE_CALLS ? MATH_ABS : k <= 1 ? ARRAYS_SORT : DYNAMIC);
        }
      }

      /** {@code receiver.vK()} on a static type with vK visible; recursion only under a guard. */
      private void virtualCall() {
        if (!opt.virtuals() || inClinit) {
          forwardCall();
          return;
        }
        final List<CallSite> sites = new ArrayList<>();
        final List<Boolean> forward = new ArrayList<>();
        final List<Integer> targets = new ArrayList<>();
        for (final ClassSpec c : classes) {
          for (final String name : List.of("v0", "v1", "v2")) {
            if (lookupSpec(c, name) == null) {
              continue;
            }
            boolean allForward = true;
            final Set<MethodSpec> reached = new java.util.HashSet<>();
            final Deque<ClassSpec> work = new ArrayDeque<>(List.of(c));
            while (!work.isEmpty()) {
              final ClassSpec r = work.pop();
              final MethodSpec target = lookupSpec(r, name);
              reached.add(target);
              allForward &= target.ordinal > method.ordinal;
              work.addAll(r.subclasses);
            }
            sites.add(new CallSite(CallSite.Kind.VIRTUAL, c.name, name, "()V"));
            forward.add(allForward);
            targets.add(reached.size());
          }
        }
        if (sites.isEmpty()) {
          forwardCall();
          return;
        }
        // Half the time, prefer a call that can dispatch to several methods.
        final List<Integer> several = new ArrayList<>();
        for (int k = 0; k < sites.size(); k++) {
          if (targets.get(k) > 1) {
            several.add(k);
          }
        }
        final int i = !several.isEmpty() && src.next(2) == 1 ? several.get(src.next(several.size()))
            : src.next(sites.size());
        if (forward.get(i)) {
          call(sites.get(i));
        } else {
          guarded(() -> closeCall(sites.get(i)));
        }
      }

      /** A {@code getstatic} of a class with a {@code <clinit>}: the block may initialise it. */
      private void getstatic() {
        final List<ClassSpec> withInit = classes.stream().filter(c -> c.clinit).toList();
        if (withInit.isEmpty()) {
          externalCall();
          return;
        }
        final ClassSpec c = withInit.get(src.next(withInit.size()));
        insn();
        open().inits.add(new Block.InitRef(c.name, "f", "I"));
      }
    }

  }

  // ---------------------------------------------------------------------------------------------------------
  // Printing counterexamples

  /** The program as text, with global block ids and witnesses marked {@code W}. */
  String dump(final BitSet witnesses) {
    final StringBuilder sb = new StringBuilder();
    for (final ClassModel c : program.classes()) {
      sb.append("class ").append(c.name()).append(" extends ").append(c.superName());
      if (!c.handleTargets().isEmpty()) {
        sb.append(" handles ").append(c.handleTargets());
      }
      sb.append('\n');
      for (final MethodCfg m : c.methods()) {
        final int mi = program.methodIndex(m.id());
        sb.append("  ").append(m.isStatic() ? "static " : "").append(m.id().nameAndDescriptor())
            .append(callbacks.get(mi) ? "  [callback]" : "").append('\n');
        for (final Block b : m.blocks()) {
          final int g = program.blockId(mi, b.index());
          sb.append(String.format("    %s#%-3d %-3d %-11s", witnesses != null && witnesses.get(g) ? "W" : " ", g,
              b.index(), b.end()));
          if (!b.successors().isEmpty()) {
            sb.append(" -> ").append(b.successors());
          }
          if (!b.handlers().isEmpty()) {
            sb.append(" catch ").append(b.handlers());
          }
          if (b.call() != null) {
            sb.append(" call ").append(b.call().kind()).append(' ').append(b.call().owner()).append('.')
                .append(b.call().name()).append(b.call().descriptor());
          }
          if (inits[g].length > 0) {
            sb.append(" init ").append(Arrays.toString(inits[g]));
          }
          sb.append('\n');
        }
      }
    }
    return sb.toString();
  }

  /** Number of blocks by end kind, for statistics. */
  Map<BlockEnd, Integer> shape() {
    final Map<BlockEnd, Integer> out = new HashMap<>();
    for (int b = 0; b < program.blockCount(); b++) {
      out.merge(program.block(b).end(), 1, Integer::sum);
    }
    return out;
  }
}
