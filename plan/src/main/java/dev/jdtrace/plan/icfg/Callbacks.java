package dev.jdtrace.plan.icfg;

import dev.jdtrace.plan.model.Block;
import dev.jdtrace.plan.model.BlockEnd;
import dev.jdtrace.plan.model.ClassModel;
import dev.jdtrace.plan.model.MethodCfg;
import dev.jdtrace.plan.model.MethodId;
import dev.jdtrace.plan.model.Program;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The traced methods untraced code may call: the decoder's candidates whenever untraced code runs.
 * They are class initialisers, {@code main}, overrides of untraced supertypes' methods, targets of method-handle
 * constants (lambda bodies and method references, with every traced override dispatch can reach from the named
 * method), traced targets of calls that may run untraced code, constructors when traced code instantiates
 * reflectively (unless reflection is watched), the given entries (methods untraced classes name, entries learned by
 * observing a run, and what watched reflection entered) and, when asked (an open world planned before anything was
 * learned, and attach), every method: reflection reaches private methods too ({@code setAccessible}), so leaving
 * them out would let a reflective entry into a private method without a witness run unseen.
 */
public final class Callbacks {
  private Callbacks() {
  }

  /** Method indices of the callback methods, with no other entries. */
  public static BitSet of(final Program program, final CallResolver resolver, final List<Path> classpath,
      final boolean everyMethod) {
    return of(program, resolver, classpath, everyMethod, new BitSet());
  }

  /**
   * Method indices of the callback methods.
   *
   * @param everyMethod whether every method may be entered from untraced code
   * @param entries methods known to be entered from untraced code (method indices)
   */
  public static BitSet of(final Program program, final CallResolver resolver, final List<Path> classpath,
      final boolean everyMethod, final BitSet entries) {
    return of(program, resolver, classpath, everyMethod, entries, false);
  }

  /**
   * Method indices of the callback methods.
   *
   * @param everyMethod whether every method may be entered from untraced code
   * @param entries methods known to be entered from untraced code (method indices)
   * @param reflectionWatched whether the runs watch what reflection enters (DESIGN §2): then the constructors it
   *     entered are among the entries, and reflective instantiation makes no other constructor a callback
   */
  public static BitSet of(final Program program, final CallResolver resolver, final List<Path> classpath,
      final boolean everyMethod, final BitSet entries, final boolean reflectionWatched) {
    return of(program, resolver, classpath, everyMethod, entries, reflectionWatched, null);
  }

  /**
   * Method indices of the callback methods when only some methods may run.
   *
   * @param running the methods the plan lets run, or {@code null} for every method: a call in a method that does
   *     not run makes no callback (the traced targets of a call that may run untraced code, every constructor
   *     for a reflective instantiation). Sound because such a method is entered only through a sentinel
   *     ({@link IcfgModel.Structure#sentinels}), and a run that hits one is planned again with it running. On a
   *     javaparser parse, one {@code Constructor.newInstance} in metamodel code that never ran made all 524
   *     constructors that ran callbacks, and their first witnesses the core of every unit about untraced code.
   */
  public static BitSet of(final Program program, final CallResolver resolver, final List<Path> classpath,
      final boolean everyMethod, final BitSet entries, final boolean reflectionWatched, final BitSet running) {
    final BitSet callbacks = (BitSet) entries.clone();
    final Hierarchy hierarchy = resolver.hierarchy().program() == program ? resolver.hierarchy()
        : new Hierarchy(program);
    try (UntracedSupertypes untraced = new UntracedSupertypes(classpath)) {
      for (final ClassModel c : program.classes()) {
        final List<Set<String>> overridable = new ArrayList<>();
        boolean unknown = false;
        for (final String sup : untracedAncestors(program, c)) {
          final Optional<Set<String>> methods = untraced.overridable(sup);
          if (methods.isPresent()) {
            overridable.add(methods.get());
          } else {
            unknown = true;
          }
        }
        for (final MethodId target : c.handleTargets()) {
          // A method reference (Evaluator::cost) calls the named method through dispatch: any override.
          UntracedCallers.resolve(program, hierarchy, resolver, target.className(), target, callbacks);
        }
        for (final MethodCfg m : c.methods()) {
          final String nd = m.id().nameAndDescriptor();
          final boolean instance = !m.isStatic() && !m.id().name().startsWith("<");
          final boolean isPrivate = (m.access() & 0x0002) != 0;
          if (m.id().name().equals("<clinit>") || (m.isStatic() && nd.equals("main([Ljava/lang/String;)V"))
              || reflectedByTheJdk(c, m)
              || (everyMethod)
              || (instance && !isPrivate && (unknown || overridable.stream().anyMatch(o -> o.contains(nd))))) {
            callbacks.set(program.methodIndex(m.id()));
          }
        }
      }
    }
    boolean reflectsConstructors = false;
    // The resolver answers equal calls with the same targets: an interface call repeated in many blocks can
    // name thousands of methods, which need marking once.
    final Set<CallTargets> marked = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
    for (int i = 0; i < program.methods().size(); i++) {
      if (running != null && !running.get(i)) {
        continue;
      }
      for (final Block block : program.methods().get(i).blocks()) {
        if (block.end() != BlockEnd.INVOKE) {
          continue;
        }
        final CallTargets t = resolver.resolve(block.call());
        if (t.external() && marked.add(t)) {
          t.traced().forEach(callbacks::set);
        }
        reflectsConstructors |= block.call().name().equals("newInstance")
            && (block.call().owner().equals("java.lang.reflect.Constructor")
                || block.call().owner().equals("java.lang.Class"));
      }
    }
    // Reflection where it can be seen: traced code that instantiates reflectively (serialisers, DI
    // containers) may enter any constructor from untraced code. Method.invoke is not guessed: making every
    // public method a callback costs more than it is worth; it opens the world (OpenWorld), and the methods
    // it really enters are learned by observing a run and come in as entries.
    if (reflectsConstructors && !reflectionWatched) {
      for (int m = 0; m < program.methods().size(); m++) {
        if (program.methods().get(m).id().name().equals("<init>")) {
          callbacks.set(m);
        }
      }
    }
    return callbacks;
  }

  /** Serialization hooks, which ObjectStreams call reflectively even when private. */
  private static final java.util.Set<String> SERIALIZATION_HOOKS = java.util.Set.of(
      "readObject(Ljava/io/ObjectInputStream;)V", "writeObject(Ljava/io/ObjectOutputStream;)V",
      "readObjectNoData()V", "readResolve()Ljava/lang/Object;", "writeReplace()Ljava/lang/Object;");

  /**
   * Methods the JDK itself invokes reflectively: an enum's {@code values()} and {@code valueOf(String)}
   * (behind {@code Enum.valueOf}, {@code EnumSet}, {@code EnumMap}), and serialization hooks.
   */
  private static boolean reflectedByTheJdk(final ClassModel c, final MethodCfg m) {
    final String nd = m.id().nameAndDescriptor();
    if (SERIALIZATION_HOOKS.contains(nd)) {
      return true;
    }
    final boolean isEnum = (c.access() & 0x4000) != 0;
    if (!isEnum || !m.isStatic()) {
      return false;
    }
    final String self = "L" + c.name().replace('.', '/') + ";";
    return nd.equals("values()[" + self) || nd.equals("valueOf(Ljava/lang/String;)" + self);
  }

  /** The untraced types a class inherits from, directly or through traced supertypes. */
  private static List<String> untracedAncestors(final Program program, final ClassModel c) {
    final List<String> out = new ArrayList<>();
    final List<String> work = new ArrayList<>(c.interfaces());
    if (c.superName() != null) {
      work.add(c.superName());
    }
    while (!work.isEmpty()) {
      final String n = work.remove(work.size() - 1);
      final ClassModel traced = program.classNamed(n);
      if (traced == null) {
        if (!out.contains(n)) {
          out.add(n);
        }
      } else {
        work.addAll(traced.interfaces());
        if (traced.superName() != null) {
          work.add(traced.superName());
        }
      }
    }
    return out;
  }
}
