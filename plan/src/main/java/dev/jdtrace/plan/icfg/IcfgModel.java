package dev.jdtrace.plan.icfg;

import dev.jdtrace.plan.model.Block;
import dev.jdtrace.plan.model.BlockEnd;
import dev.jdtrace.plan.model.Program;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;

/**
 * The interprocedural CFG as the decoder walks it, for one witness set: call targets, class-initialiser
 * triggers, callback methods and FIRST sets. Immutable once built.
 */
public final class IcfgModel {
  private static final int[] NO_CLINITS = {};

  private final Structure structure;
  private final Program program;
  private final BitSet witnesses;
  private final BitSet callbacks;
  private final CallTargets[] targets;
  private final int[][] clinits;
  private final FirstSets first;
  private final int[] callbackOf;
  /**
   * The other callbacks whose entry reaches a witness first, where several do: never in a decodable profile,
   * but in a session that lacks some callbacks' first witnesses (DecisionUnits.Choice#overCallbacks).
   */
  private final java.util.Map<Integer, java.util.List<Integer>> alsoCallbackOf = new java.util.HashMap<>();
  /** Built on first use: the conflict check and the decision units of one plan share it. */
  private FollowSets follow;
  /** The structure's returns, indexed on first use and handed on to the models of later repair rounds. */
  private FollowSets.Returns returns;

  /**
   * Static facts that do not depend on the witnesses: share them across witness sets.
   *
   * @param untracedInits the blocks that may start an untraced class's initialiser in their middle, which may
   *     call back before the block goes on ({@link UntracedInits})
   * @param running the methods the plan lets run (method indices), or {@code null} for every method: no call,
   *     callback or class initialisation enters another, so it gets no witnesses and decides nothing; a
   *     sentinel at its entry tells a run that went there, which is planned again
   * @param sentinels the methods not {@code running} that a running method's call or class initialisation, or
   *     untraced code, could enter (method indices; empty when every method may run): a run cannot reach the
   *     others without entering one of these first, so a sentinel at each of their entries is enough
   */
  public record Structure(Program program, CallTargets[] targets, int[][] clinits, BitSet callbacks,
      BitSet untracedInits, BitSet running, BitSet sentinels) {

    /** Whether the plan lets the method run. */
    public boolean runs(final int method) {
      return running == null || running.get(method);
    }

    /**
     * The closed world: no class outside the program extends it, and the callbacks are what the classpath's
     * untraced supertypes may call (none for an empty classpath).
     */
    public static Structure of(final Program program, final List<Path> classpath) {
      return of(program, new CallResolver(new Hierarchy(program), false), classpath, false, new BitSet());
    }

    /**
     * The structure under this resolver, with the {@link Callbacks callbacks} it implies: the one recipe for a
     * program's ICFG.
     *
     * @param everyMethod whether every method may be entered from untraced code
     * @param entries methods known to be entered from untraced code (method indices)
     */
    public static Structure of(final Program program, final CallResolver resolver, final List<Path> classpath,
        final boolean everyMethod, final BitSet entries) {
      return of(program, resolver, classpath, everyMethod, entries, null);
    }

    /**
     * The structure of the methods that may run: the others are entered by no call, callback or class
     * initialisation.
     *
     * @param running method indices, or {@code null} for every method
     */
    public static Structure of(final Program program, final CallResolver resolver, final List<Path> classpath,
        final boolean everyMethod, final BitSet entries, final BitSet running) {
      return of(program, resolver, classpath, everyMethod, entries, running, false);
    }

    /**
     * As {@link #of(Program, CallResolver, List, boolean, BitSet, BitSet)}, with reflection watched or not.
     *
     * @param reflectionWatched whether the runs watch what reflection enters ({@link Callbacks#of(Program,
     *     CallResolver, List, boolean, BitSet, boolean)}): the entries then hold what it entered
     */
    public static Structure of(final Program program, final CallResolver resolver, final List<Path> classpath,
        final boolean everyMethod, final BitSet entries, final BitSet running, final boolean reflectionWatched) {
      return of(program, resolver, Callbacks.of(program, resolver, classpath, everyMethod, entries, reflectionWatched,
          running),
          classpath, running);
    }

    /** Resolves every call and init trigger of the program; the callbacks are given. */
    private static Structure of(final Program program, final CallResolver resolver, final BitSet callbacks,
        final List<Path> classpath, final BitSet running) {
      // What could enter a method that does not run: untraced code (any callback), a running method's call
      // or class initialisation.
      final BitSet sentinels = running == null ? new BitSet() : (BitSet) callbacks.clone();
      if (running != null) {
        callbacks.and(running);
      }
      final Hierarchy hierarchy = resolver.hierarchy().program() == program ? resolver.hierarchy()
          : new Hierarchy(program);
      final InitTriggers initTriggers = new InitTriggers(hierarchy);
      final CallTargets[] targets = new CallTargets[program.blockCount()];
      final int[][] clinits = new int[program.blockCount()][];
      // Equal calls resolve to the same targets: each is narrowed to the running methods once.
      final java.util.Map<CallTargets, CallTargets> narrowed = new java.util.IdentityHashMap<>();
      int b = 0;
      for (int m = 0; m < program.methods().size(); m++) {
        final boolean runs = running == null || running.get(m);
        for (final Block block : program.methods().get(m).blocks()) {
          if (block.end() == BlockEnd.INVOKE) {
            final CallTargets t = resolver.resolve(block.call());
            if (running != null && runs) {
              t.traced().forEach(sentinels::set);
            }
            targets[b] = running == null ? t : narrowed.computeIfAbsent(t, x -> new CallTargets(
                x.traced().stream().filter(running::get).toList(), x.external()));
          }
          final int[] inits = block.initTrigger() ? initTriggers.of(block) : NO_CLINITS;
          if (running != null && runs) {
            Arrays.stream(inits).forEach(sentinels::set);
          }
          clinits[b++] = running == null ? inits : Arrays.stream(inits).filter(running::get).toArray();
        }
      }
      if (running != null) {
        sentinels.andNot(running);
      }
      return new Structure(program, targets, clinits, callbacks, UntracedInits.of(program, targets, classpath),
          running == null ? null : (BitSet) running.clone(), sentinels);
    }
  }

  public IcfgModel(final Structure structure, final BitSet witnesses) {
    this(structure, witnesses, FirstSets.Readers.of(structure));
  }

  /**
   * The models of a plan's sessions, in order: the structure's readers computed once, and the sessions' FIRST
   * sets, each computed afresh (a session lacks most of the plan's witnesses, so its paths run further), on
   * several cores.
   */
  public static List<IcfgModel> ofSessions(final Structure structure, final List<BitSet> sessions) {
    final FirstSets.Readers readers = FirstSets.Readers.of(structure);
    return sessions.parallelStream().map(w -> new IcfgModel(structure, w, readers)).toList();
  }

  /** A model whose FIRST sets use readers already computed for the structure. */
  IcfgModel(final Structure structure, final BitSet witnesses, final FirstSets.Readers readers) {
    this(structure, witnesses, readers, null);
  }

  /**
   * A model with more witnesses than {@code previous} (of the same structure), whose FIRST sets are
   * updated from the previous ones instead of computed again; {@code previous} may be null.
   */
  IcfgModel(final Structure structure, final BitSet witnesses, final FirstSets.Readers readers,
      final IcfgModel previous) {
    this.structure = structure;
    this.program = structure.program();
    this.witnesses = (BitSet) witnesses.clone();
    this.callbacks = structure.callbacks();
    this.targets = structure.targets();
    this.clinits = structure.clinits();
    if (previous == null) {
      this.first = new FirstSets(this, readers);
    } else {
      synchronized (previous) {
        this.returns = previous.returns;
      }
      final BitSet added = (BitSet) witnesses.clone();
      added.andNot(previous.witnesses);
      this.first = new FirstSets(this, readers, previous.first, added);
    }
    callbackOf = new int[program.blockCount()];
    Arrays.fill(callbackOf, -1);
    for (int m = callbacks.nextSetBit(0); m >= 0; m = callbacks.nextSetBit(m + 1)) {
      for (final int w : first.of(program.blockId(m, 0))) {
        if (w >= 0) {
          // The planner makes these unique; keep the first and let the checker report clashes.
          if (callbackOf[w] < 0) {
            callbackOf[w] = m;
          } else {
            alsoCallbackOf.computeIfAbsent(w, k -> new java.util.ArrayList<>()).add(m);
          }
        }
      }
    }
  }

  public Program program() {
    return program;
  }

  /** The static facts this model's witnesses were added to. */
  Structure structure() {
    return structure;
  }

  public boolean isWitness(final int block) {
    return witnesses.get(block);
  }

  /** The witnesses, as a copy. */
  public BitSet witnesses() {
    return (BitSet) witnesses.clone();
  }

  /** Whether the plan lets the method run ({@link Structure#running}). */
  public boolean runs(final int method) {
    return structure.runs(method);
  }

  public boolean isCallback(final int method) {
    return callbacks.get(method);
  }

  /** The callback methods, as a copy. */
  public BitSet callbacks() {
    return (BitSet) callbacks.clone();
  }

  /** Targets of the call ending a block, or {@code null} when the block does not end in a call. */
  public CallTargets targets(final int block) {
    return targets[block];
  }

  /**
   * Whether the block may start an untraced class's initialiser before its end, which may call traced code
   * back before the block goes on.
   */
  public boolean untracedInit(final int block) {
    return structure.untracedInits().get(block);
  }

  /** {@code <clinit>} method indices this block can start. */
  public int[] clinits(final int block) {
    return clinits[block];
  }

  public FirstSets first() {
    return first;
  }

  /** The FOLLOW sets of this witness set, computed once. */
  synchronized FollowSets follow() {
    if (follow == null) {
      if (returns == null) {
        returns = FollowSets.Returns.of(structure);
      }
      follow = new FollowSets(this, returns);
    }
    return follow;
  }

  /** The callback method whose entry reaches this witness first, or -1. */
  public int callbackOf(final int witness) {
    return callbackOf[witness];
  }

  /** Every callback method whose entry reaches this witness first: {@link #callbackOf} and any others. */
  public int[] callbacksOf(final int witness) {
    if (callbackOf[witness] < 0) {
      return new int[0];
    }
    final java.util.List<Integer> others = alsoCallbackOf.getOrDefault(witness, java.util.List.of());
    final int[] out = new int[1 + others.size()];
    out[0] = callbackOf[witness];
    for (int i = 0; i < others.size(); i++) {
      out[i + 1] = others.get(i);
    }
    return out;
  }
}
