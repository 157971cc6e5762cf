package dev.jdtrace.collect.internal;

import com.sun.jdi.Location;
import com.sun.jdi.Method;
import com.sun.jdi.ReferenceType;
import com.sun.jdi.request.BreakpointRequest;
import com.sun.jdi.request.EventRequest;
import com.sun.jdi.request.EventRequestManager;
import dev.jdtrace.collect.TargetException;
import dev.jdtrace.plan.Bytecode;
import dev.jdtrace.plan.GeneratedClasses;
import dev.jdtrace.plan.model.ClassModel;
import dev.jdtrace.plan.model.MethodCfg;
import dev.jdtrace.plan.model.Program;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Sets a class's witness breakpoints, but only after proving each one safe: a breakpoint at an offset
 * that is not an instruction start crashes the target JVM (DESIGN §3), and JDI does not refuse it. So
 * the JVM's own bytecode must hash to what was planned and every offset must start an instruction of it.
 *
 * <p>Safe to use from several threads at once: an attach sets its breakpoints from a few threads while its
 * event thread reads {@link #blockAt}, and JDI sends each request's command under that request's own lock.
 */
final class BreakpointInstaller {
  /** Property key holding the global block id on each breakpoint request. */
  static final String BLOCK = "jdtrace.block";

  private final Program program;
  private final BitSet witnesses;
  private final EventRequestManager requests;
  private final List<String> refused = java.util.Collections.synchronizedList(new ArrayList<>());
  /** JDI methods of verified classes, to their traced method index. */
  private final Map<Method, Integer> traced = new ConcurrentHashMap<>();
  /** Traced classes the plan left out, and those of them prepared so far. */
  private final Set<String> unplanned;
  private final Set<String> unplannedPrepared = java.util.Collections.synchronizedSet(new TreeSet<>());
  /** Classes prepared that the plan does not hold and no class path entry does: loaded from elsewhere. */
  private final Set<String> outsidePrepared = java.util.Collections.synchronizedSet(new TreeSet<>());
  private final AtomicInteger breakpoints = new AtomicInteger();
  /** The windows of a --within session, whose witnesses cost only inside them; else {@code null}. */
  private Windows windows;
  /** Threads that check a class's methods and set its breakpoints at once, or {@code null}: one call at a time. */
  private RequestPool pool;
  /** The methods whose bytecode is proven (method indices), or {@code null} for every method. */
  private BitSet checked;

  BreakpointInstaller(final Program program, final BitSet witnesses, final EventRequestManager requests) {
    this(program, witnesses, requests, Set.of());
  }

  BreakpointInstaller(final Program program, final BitSet witnesses, final EventRequestManager requests,
      final Set<String> unplanned) {
    this.program = program;
    this.witnesses = witnesses;
    this.requests = requests;
    this.unplanned = unplanned;
  }

  /** Records only inside these windows: witnesses are set disabled, and each matching method gets its windows' breakpoints. */
  void within(final Windows inside) {
    this.windows = inside;
  }

  /**
   * From now on, a prepared class's methods are checked, and its breakpoints set, from these threads at once: each
   * is a round trip or two, which overlap, while the class's thread waits (GuavaDriver: 1,000 methods and 734
   * breakpoints, one round trip after another, took 0.5 s of a 1.0-s session).
   */
  void overlapping(final RequestPool requests) {
    this.pool = requests;
  }

  /**
   * From now on, only these methods' bytecode is proven ({@code null}: every method's). The plan lets no other
   * method run: each entry it could have is a sentinel, whose hit makes the run plan again with the method checked
   * (SessionSpec#checked). Such a method's witnesses are its sentinel at offset 0, which starts every method's code;
   * any other witness has its method checked all the same. GuavaDriver: 248 of 1,000 methods ran.
   */
  void checking(final BitSet methods) {
    this.checked = methods;
  }

  /**
   * The classes holding this session's breakpoints: only their preparing threads need holding while the breakpoints
   * are set. The other traced classes are verified as they come, their threads running on.
   */
  Set<String> classesWithBreakpoints() {
    final Set<String> out = new TreeSet<>();
    for (int b = witnesses.nextSetBit(0); b >= 0 && b < program.blockCount(); b = witnesses.nextSetBit(b + 1)) {
      out.add(program.methodOfBlock(b).id().className());
    }
    return out;
  }

  /** Installs the witnesses of a prepared class, or refuses the whole class on any mismatch. */
  void install(final ReferenceType type) {
    final Verified verified = verify(type);
    if (verified != null) {
      install(verified);
    }
  }

  /**
   * A class proven safe: its witness locations and their block ids, hottest first, and its JDI methods'
   * traced indices. Splitting the proof from the setting lets an attach check every loaded class before
   * setting any.
   *
   * @param once per location, whether it can be hit at most once in the VM's life: the agent may then
   *     delete the request after its hit, so later hits no longer pay for walking it (DESIGN §3)
   */
  record Verified(List<Location> locations, List<Integer> blocks, List<Boolean> once, Map<Method, Integer> methods) {
  }

  /**
   * Proves a prepared class's witnesses safe without setting any, or refuses the whole class (recording
   * why) and returns {@code null}; also {@code null}, with nothing recorded, for a class the plan does not hold.
   */
  Verified verify(final ReferenceType type) {
    final ClassModel model = program.classNamed(type.name());
    if (model == null) {
      if (unplanned.contains(type.name())) {
        unplannedPrepared.add(type.name()); // Its blocks would run unseen: the run must plan again.
      } else if (!GeneratedClasses.isGenerated(type.name())) {
        outsidePrepared.add(type.name()); // It has a class file, but on no entry of the class path.
      }
      return null; // Not analysed (a lambda proxy, or a class outside the plan): nothing to witness.
    }
    final Map<String, Method> jvmMethods = new HashMap<>();
    for (final Method m : type.methods()) {
      if (!m.isAbstract() && !m.isNative()) {
        jvmMethods.put(m.name() + m.signature(), m);
      }
    }
    if (jvmMethods.size() != model.methods().size()) {
      refuse(type, "the JVM's class has " + jvmMethods.size() + " methods with code, the analysed class file "
          + model.methods().size());
      return null;
    }
    final List<Checked> checked;
    try {
      checked = pool == null ? model.methods().stream().map(cfg -> check(cfg, jvmMethods)).toList()
          : pool.map(model.methods(), cfg -> check(cfg, jvmMethods));
    } catch (final InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new TargetException("interrupted while checking the bytecode of " + type.name());
    }
    final List<Witness> found = new ArrayList<>();
    final Map<Method, Integer> verified = new HashMap<>();
    for (final Checked c : checked) {
      if (c.refusal() != null) {
        refuse(type, c.refusal());
        return null;
      }
      verified.put(c.method(), c.index());
      found.addAll(c.witnesses());
    }
    // JDI finds a hit's request by scanning the requests in creation order (DESIGN §3): hot ones first.
    found.sort(java.util.Comparator.comparingDouble((Witness w) -> -w.weight()));
    return new Verified(found.stream().map(Witness::location).toList(), found.stream().map(Witness::block).toList(),
        found.stream().map(Witness::once).toList(), verified);
  }

  private record Witness(Location location, int block, double weight, boolean once) {
  }

  /** The instruction starts known without reading a method's bytecode: offset 0 starts all code. */
  private static final int[] ENTRY_ONLY = {0};

  /** One method of a prepared class: its traced index and witnesses, or why its class is refused. */
  private record Checked(Method method, int index, List<Witness> witnesses, String refusal) {
    static Checked refused(final String why) {
      return new Checked(null, -1, List.of(), why);
    }
  }

  /**
   * Proves one method's witnesses safe: the JVM's bytecode hashes to the analysed one, and each witness starts an
   * instruction of it. One round trip at most (the bytecode): a witness's location needs no line table.
   */
  private Checked check(final MethodCfg cfg, final Map<String, Method> jvmMethods) {
    final Method method = jvmMethods.get(cfg.id().nameAndDescriptor());
    if (method == null) {
      return Checked.refused("method " + cfg.id().nameAndDescriptor() + " is missing in the JVM");
    }
    final int m = program.methodIndex(cfg.id());
    final List<Integer> witnessed = new ArrayList<>();
    for (int b = 0; b < cfg.blocks().size(); b++) {
      if (witnesses.get(program.blockId(m, b))) {
        witnessed.add(b);
      }
    }
    final int[] starts;
    final boolean pastEntry = witnessed.stream().anyMatch(b -> cfg.blocks().get(b).startBci() != 0);
    if (checked == null || checked.get(m) || pastEntry) {
      final byte[] code = method.bytecodes();
      if (!Bytecode.sha256(code).equals(cfg.codeHash())) {
        return Checked.refused("the bytecode of " + cfg.id().nameAndDescriptor()
            + " differs from the analysed class file");
      }
      starts = Bytecode.instructionStarts(code);
    } else {
      starts = ENTRY_ONLY;
    }
    final List<Witness> found = new ArrayList<>();
    final InstallOrder order = new InstallOrder(cfg);
    for (final int b : witnessed) {
      final int id = program.blockId(m, b);
      final int bci = cfg.blocks().get(b).startBci();
      if (Arrays.binarySearch(starts, bci) < 0) {
        return Checked.refused("offset " + bci + " of " + cfg.id().nameAndDescriptor()
            + " is not an instruction start");
      }
      found.add(new Witness(new CodeLocation(method, bci), id, order.weight(b), order.once(b)));
    }
    return new Checked(method, m, found, null);
  }

  /** Sets the breakpoints of a verified class (from the pool's threads at once, when given one). */
  void install(final Verified verified) {
    traced.putAll(verified.methods());
    if (pool == null) {
      for (int i = 0; i < verified.locations().size(); i++) {
        set(verified, i);
      }
    } else {
      try {
        pool.forEach(java.util.stream.IntStream.range(0, verified.locations().size()).boxed().toList(),
            i -> set(verified, i));
      } catch (final InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new TargetException("interrupted while setting breakpoints");
      }
    }
    if (windows != null) {
      windows.install(verified.methods());
    }
  }

  /**
   * Sets the breakpoints of verified classes from {@code threads} threads at once. Each request is one JDWP
   * round trip; JDI lets several be outstanding, so the round trips overlap (the agent still sets them one
   * after another). Creation order, which JDI scans on every hit, stays hottest first only within a class.
   */
  void install(final List<Verified> classes, final int threads) throws InterruptedException {
    classes.forEach(v -> traced.putAll(v.methods()));
    final List<Runnable> all = new ArrayList<>();
    for (final Verified v : classes) {
      for (int i = 0; i < v.locations().size(); i++) {
        final int at = i;
        all.add(() -> set(v, at));
      }
    }
    if (windows != null) {
      classes.forEach(v -> all.add(() -> {
        synchronized (windows) {
          windows.install(v.methods());
        }
      }));
    }
    if (threads <= 1) {
      all.forEach(Runnable::run);
      return;
    }
    try (RequestPool requests = new RequestPool(threads)) {
      requests.forEach(all, Runnable::run);
    }
  }

  private void set(final Verified verified, final int i) {
    final BreakpointRequest bp = requests.createBreakpointRequest(verified.locations().get(i));
    bp.setSuspendPolicy(EventRequest.SUSPEND_NONE);
    bp.putProperty(BLOCK, verified.blocks().get(i));
    if (windows == null) {
      if (verified.once().get(i)) {
        bp.addCountFilter(1);
      }
      bp.enable();
    } else {
      synchronized (windows) { // an attach sets breakpoints from several threads
        windows.add(bp); // no count filter: the agent would delete the request while JDI still switches it
      }
    }
    breakpoints.incrementAndGet();
  }

  /** The traced method index of a JDI method of a verified class, or -1. */
  int methodIndex(final Method method) {
    return traced.getOrDefault(method, -1);
  }

  /** The global id of the traced block holding a location, or -1 when the location is not traced. */
  int blockAt(final Location location) {
    final int m = methodIndex(location.method());
    if (m < 0) {
      return -1;
    }
    final List<dev.jdtrace.plan.model.Block> blocks = program.methods().get(m).blocks();
    final long bci = location.codeIndex();
    int lo = 0;
    int hi = blocks.size() - 1;
    while (lo < hi) {
      final int mid = (lo + hi + 1) >>> 1;
      if (blocks.get(mid).startBci() <= bci) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    return program.blockId(m, lo);
  }

  /** The traced program. */
  Program program() {
    return program;
  }

  private void refuse(final ReferenceType type, final String why) {
    refused.add("refused class " + type.name() + ": " + why + "; no breakpoint set in it (rebuild or re-plan against the running code)");
  }

  List<String> refused() {
    synchronized (refused) {
      return List.copyOf(refused);
    }
  }

  /** Traced classes prepared that the plan left out, sorted. */
  List<String> unplannedPrepared() {
    synchronized (unplannedPrepared) {
      return List.copyOf(unplannedPrepared);
    }
  }

  /**
   * Classes prepared that neither the plan nor its left-out classes hold, those the JDK generates excepted
   * ({@link GeneratedClasses}): a class loader of the program's own read them from outside the class path,
   * or generated them.
   */
  Set<String> outsidePrepared() {
    synchronized (outsidePrepared) {
      return Set.copyOf(outsidePrepared);
    }
  }

  int breakpoints() {
    return breakpoints.get();
  }
}
