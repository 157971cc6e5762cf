package dev.jdtrace.tracer;

import dev.jdtrace.plan.ClassFilter;
import dev.jdtrace.plan.GeneratedClasses;
import dev.jdtrace.plan.JavaCommand;
import dev.jdtrace.plan.ProgramLoader;
import dev.jdtrace.plan.UnreadableClassException;
import dev.jdtrace.plan.icfg.CallResolver;
import dev.jdtrace.plan.icfg.Hierarchy;
import dev.jdtrace.plan.icfg.IcfgModel;
import dev.jdtrace.plan.icfg.TargetJdk;
import dev.jdtrace.plan.icfg.OpenWorld;
import dev.jdtrace.plan.icfg.PureJdkCalls;
import dev.jdtrace.plan.icfg.UntracedCallers;
import dev.jdtrace.plan.icfg.UntracedCode;
import dev.jdtrace.plan.model.MethodCfg;
import dev.jdtrace.plan.model.MethodId;
import dev.jdtrace.plan.model.Program;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * The program a java command runs, as far as tracing is concerned: the command, the traced classes and
 * their ICFG structure. Loading it twice from the same class files gives the same block ids.
 *
 * @param command the parsed java command, {@code null} for a running JVM attached to
 * @param filter the traced classes
 * @param includes the include patterns in effect (the defaults when none were given)
 * @param program the analysed classes
 * @param structure call targets, init triggers and callbacks
 * @param openWorld why untraced code may enter traced methods that cannot be seen statically, or empty
 * @param learned methods observed being entered from untraced code, made callbacks ({@link MethodId} strings),
 *     or {@value #EVERY_METHOD} for every method
 * @param callers what the untraced classes of the classpath can call
 * @param unplanned traced classes with a class file that were left out because the program's first run did
 *     not load them; a session that loads one says so, and the run plans again
 * @param ran the methods the first run saw run ({@code class.name+descriptor}) with how often (once, again, or
 *     as counted by the JVM: {@code FirstRun.Loaded.ran}), which weigh the predicted hits; {@code null} when not
 *     known
 * @param jumps of the methods that ran, the jumps the JVM's profile counted in the first run, as triples (from bci,
 *     to bci, times; {@code FirstRun.Loaded.jumps}), which weigh the predicted hits of blocks in loops
 * @param untraced the untraced, non-JDK classes the plan assumes the program loads (those its first run
 *     loaded), or {@code null} when it assumes nothing; a session that loads another says so, and the run
 *     plans again
 * @param anySubclass whether a class no classpath entry holds may extend traced classes (generated, or
 *     loaded from elsewhere): then a virtual call in traced code may run untraced code anywhere
 * @param running the methods the plan lets run (method indices: those the first run saw run), or {@code null}
 *     for every method; the others get no witnesses but a sentinel at their entry ({@link #sentinels}), and a
 *     session that hits one makes the run plan again with that method
 * @param reflected the traced methods reflection entered in the first run ({@code class.name+descriptor}),
 *     made callbacks, when reflection is what opened the world and every session watches it (DESIGN §2,
 *     reflection watched): a session that sees it enter another method makes the run plan again with it; else
 *     {@code null}
 */
public record TracedProgram(JavaCommand command, ClassFilter filter, List<String> includes, Program program,
    IcfgModel.Structure structure, Optional<String> openWorld, List<String> learned, UntracedCallers callers,
    Set<String> unplanned, Map<String, Integer> ran, Map<String, long[]> jumps, Set<String> untraced,
    boolean anySubclass, BitSet running, Set<String> reflected) {

  public TracedProgram {
    learned = List.copyOf(learned);
    unplanned = Set.copyOf(unplanned);
    ran = ran == null ? null : Map.copyOf(ran);
    jumps = jumps == null ? Map.of() : Map.copyOf(jumps);
    untraced = untraced == null ? null : Set.copyOf(untraced);
    running = running == null ? null : (BitSet) running.clone();
    reflected = reflected == null ? null : Set.copyOf(reflected);
  }

  /** The same program with what its first run saw run, and the jumps the JVM counted in it. */
  TracedProgram withRan(final Map<String, Integer> methods, final Map<String, long[]> counted) {
    return new TracedProgram(command, filter, includes, program, structure, openWorld, learned, callers, unplanned,
        methods, counted, untraced, anySubclass, running, reflected);
  }

  /** The key of a method in {@link #ran}: {@code class.name+descriptor}. */
  static String ranKey(final MethodCfg method) {
    return method.id().className() + "." + method.id().nameAndDescriptor();
  }

  /**
   * The sentinels of a plan that lets only {@link #running} methods run: the entry block of each other method
   * that something running could enter ({@link IcfgModel.Structure#sentinels}), none when every method may run.
   */
  BitSet sentinels() {
    final BitSet out = new BitSet();
    structure.sentinels().stream().forEach(m -> out.set(program.blockId(m, 0)));
    return out;
  }

  /** The methods whose sentinel a stream holds: methods the plan did not let run and that ran. */
  Set<String> sentinelsHit(final BitSet hit) {
    final Set<String> out = new java.util.TreeSet<>();
    hit.stream().forEach(b -> out.add(ranKey(program.methods().get(program.methodOf(b)))));
    return out;
  }

  /**
   * Loads the traced classes of a java command.
   *
   * @param info told which classes are traced when the includes are defaulted
   */
  public static TracedProgram load(final List<String> javaCommand, final List<String> includes,
      final List<String> excludes, final Consumer<String> info) {
    return load(javaCommand, includes, excludes, null, List.of(), info);
  }

  /**
   * Loads the traced classes a run loads, with entries from untraced code learned before.
   *
   * @param loaded the traced classes a run of the program loaded; only they are analysed and planned;
   *     {@code null} plans every traced class of the classpath
   * @param info told which classes are traced when the includes are defaulted
   */
  static TracedProgram load(final List<String> javaCommand, final List<String> includes,
      final List<String> excludes, final Set<String> loaded, final List<String> learned, final Consumer<String> info) {
    final JavaCommand command = JavaCommand.parse(javaCommand);
    return load(command, filter(command, includes, excludes, info), loaded, null, learned, null, null);
  }

  /** The include patterns in effect: the given ones, or the defaults (and says which). */
  static ClassFilter filter(final JavaCommand command, final List<String> includes, final List<String> excludes,
      final Consumer<String> info) {
    List<String> patterns = includes;
    if (patterns.isEmpty()) {
      patterns = ProgramLoader.defaultIncludes(command);
      Notice.tell(info, new Notice.DefaultIncludes(patterns, command.mainEntry()));
    }
    return new ClassFilter(patterns, excludes);
  }

  /**
   * Loads the traced classes of a parsed java command, those in {@code loaded} only unless it is null,
   * with entries from untraced code learned before.
   *
   * @param untraced the untraced, non-JDK classes a first run loaded, or {@code null} when not known: when
   *     known, untraced code that runs makes only the entries its constant pools name, unless one of those
   *     classes enters methods chosen at run time or no classpath entry holds it ({@link UntracedCode})
   * @param ran the methods the plan lets run ({@code class.name+descriptor}), or {@code null} for every method:
   *     the world is open or closed by what they can do
   * @param reflected the traced methods reflection entered in the first run, or {@code null} when not
   *     known: when known and reflection alone opens the world, they are its entries and the sessions watch it
   */
  static TracedProgram load(final JavaCommand command, final ClassFilter filter, final Set<String> loaded,
      final Set<String> untraced, final List<String> learned, final Set<String> ran, final Set<String> reflected) {
    final List<String> patterns = filter.includes();
    final List<String> excludes = filter.excludes();
    final Program program = loaded == null ? ProgramLoader.load(command.classpath(), filter)
        : ProgramLoader.load(command.classpath(), filter, loaded::contains);
    if (loaded != null) {
      refuseUnreadable(loaded, program, command.classpath());
    }
    final Set<String> unplanned = loaded == null ? Set.of() : unplanned(command.classpath(), filter, program);
    if (program.classes().isEmpty() && !unplanned.isEmpty()) {
      throw new NoMatchingClassException(patterns, unplanned.size());
    }
    if (program.classes().isEmpty()) {
      throw new NoMatchingClassException(patterns, 0);
    }
    final BitSet running = ran == null ? null : running(program, ran);
    final TracedProgram closed = new TracedProgram(command, filter, patterns, program, null, Optional.empty(),
        List.of(), UntracedCallers.NONE, unplanned, null, null, untraced, false, running, null).withLearned(List.of());
    final Optional<String> open = OpenWorld.reason(closed.structure(), filter, command.mainClass(),
        !excludes.isEmpty());
    if (open.isEmpty()) {
      // Closed, but reflective instantiation would make every constructor a callback: watched, only those it entered.
      final boolean watch = reflected != null && OpenWorld.reflects(closed.structure(), command.mainClass());
      return watch ? closed.watching(reflected).withLearned(learned)
          : learned.isEmpty() ? closed : closed.withLearned(learned);
    }
    // With the untraced classes the first run loaded known, only theirs: a session that loads another plans again.
    final UntracedCallers callers = PlanCache.callers(program, filter, command.classpath(), untraced);
    if (untraced == null) {
      // Untraced code runs, and what of it is not known: any class may be subclassed where it cannot be seen.
      return new TracedProgram(command, filter, patterns, program, null, open, List.of(), callers, unplanned, null,
          null, null, true, running, null).withLearned(learned);
    }
    final UntracedCode code = UntracedCode.of(command.classpath(), untraced);
    final Optional<String> unseen = OpenWorld.byName(closed.structure(), command.mainClass(), false)
        .or(() -> code.dynamic(false));
    // Nothing but reflection enters methods chosen at run time: what the first run saw it enter are the entries,
    // and every session watches it.
    final boolean watch = reflected != null
        && (OpenWorld.reflects(closed.structure(), command.mainClass()) || code.reflection().isPresent())
        && OpenWorld.byName(closed.structure(), command.mainClass(), true).or(() -> code.dynamic(true)).isEmpty();
    return new TracedProgram(command, filter, patterns, program, null, watch ? Optional.empty() : unseen, List.of(),
        callers, unplanned, null, null, untraced, !code.unseen().isEmpty(), running, watch ? reflected : null)
        .withLearned(learned);
  }

  /** The same program with reflection watched: what it entered in the first run are entries. */
  private TracedProgram watching(final Set<String> entered) {
    return new TracedProgram(command, filter, includes, program, structure, openWorld, learned, callers, unplanned,
        ran, jumps, untraced, anySubclass, running, entered);
  }

  /** The method indices of the named methods. */
  private static BitSet running(final Program program, final Set<String> ran) {
    final BitSet out = new BitSet();
    for (int m = 0; m < program.methods().size(); m++) {
      if (ran.contains(ranKey(program.methods().get(m)))) {
        out.set(m);
      }
    }
    return out;
  }

  /**
   * Refuses a run that loaded traced classes whose class files are on no entry of the class path (a class
   * loader read them from elsewhere, or generated them): their blocks would run unseen. The classes the JDK
   * generates ({@link GeneratedClasses}: lambda and dynamic proxies) are not traced and left out.
   *
   * @throws UnreadableClassException naming the first such class
   */
  static void refuseUnreadable(final Set<String> loaded, final Program program, final List<Path> classpath) {
    final Set<String> unreadable = new TreeSet<>();
    for (final String name : loaded) {
      if (!GeneratedClasses.isGenerated(name) && program.classNamed(name) == null) {
        unreadable.add(name);
      }
    }
    if (!unreadable.isEmpty()) {
      throw new UnreadableClassException(unreadable, classpath);
    }
  }

  /** The traced classes of the classpath that the program leaves out, sorted. */
  static Set<String> unplanned(final List<Path> classpath, final ClassFilter filter, final Program program) {
    final Set<String> unplanned = new TreeSet<>();
    for (final String name : ProgramLoader.tracedNames(classpath, filter)) {
      if (program.classNamed(name) == null) {
        unplanned.add(name);
      }
    }
    return unplanned;
  }

  /**
   * The traced classes of a running JVM, which has no java command to read: the world is open (untraced
   * code may call any traced method), since the main class is not known and nothing can be
   * learned by running it first.
   *
   * @param classpath where untraced supertypes and callers are looked up (may be empty)
   * @param program the analysed classes
   * @param unplanned traced classes of the classpath the plan leaves out because the JVM has not loaded them
   */
  static TracedProgram ofRunning(final List<Path> classpath, final ClassFilter filter,
      final Program program, final Set<String> unplanned) {
    final UntracedCallers callers = PlanCache.callers(program, filter, classpath);
    final CallResolver resolver = new CallResolver(new Hierarchy(program), true);
    final IcfgModel.Structure structure = IcfgModel.Structure.of(program, resolver, classpath, true,
        callers.entered());
    return new TracedProgram(null, filter, filter.includes(), program, structure,
        Optional.of("attached to a running JVM"), List.of(), callers, unplanned, null, null, null, true, null, null);
  }

  /**
   * The same classes with these learned entries (replacing earlier ones) made callbacks. In an open world
   * the callbacks are the static ones, the methods untraced classes name, and the learned entries; with
   * reflection watched, the methods it entered too.
   */
  TracedProgram withLearned(final List<String> entries) {
    final BitSet entered = callers.entered();
    final List<String> all = new java.util.ArrayList<>(entries);
    if (reflected != null) {
      all.addAll(reflected);
    }
    for (final String e : all) {
      if (e.equals(EVERY_METHOD)) {
        continue;
      }
      final int m = program.methodIndex(parse(e));
      if (m >= 0) {
        entered.set(m);
      }
    }
    final PureJdkCalls pure = PureJdkCalls.of(program, jdk(), untraced, command.classpath());
    // Closed, with no untraced class but the JDK's loaded: only lambda proxies can implement a traced interface.
    final boolean onlyLambdas = openWorld.isEmpty() && untraced != null && untraced.isEmpty() && !anySubclass;
    final CallResolver resolver = new CallResolver(new Hierarchy(program), anySubclass, callers.overrides(), pure,
        onlyLambdas);
    final IcfgModel.Structure rebuilt = IcfgModel.Structure.of(program, resolver, command.classpath(),
        entries.contains(EVERY_METHOD), entered, running, reflected != null);
    pure.save();
    return new TracedProgram(command, filter, includes, program, rebuilt, openWorld, entries, callers, unplanned,
        ran, jumps, untraced, anySubclass, running, reflected);
  }

  /**
   * The JDK the program runs on (its java command's launcher), whose method bodies prove JDK calls pure;
   * empty for an attach, which has no command.
   */
  Optional<TargetJdk> jdk() {
    return command == null ? Optional.empty() : TargetJdk.of(command, System.getenv(), CostModels.cacheDir());
  }

  /**
   * The entry that stands for every traced method: an open world planned before anything was learned, as
   * an attach plans. It costs more witnesses than learned entries, but no observing run, which costs more
   * than they do on every program measured ({@link OpenWorldEntries#withEntries}).
   */
  static final String EVERY_METHOD = "*";

  /** The same classes with every method a possible entry from untraced code. */
  TracedProgram withEveryMethodEntry() {
    return withLearned(List.of(EVERY_METHOD));
  }

  /** Whether entries from untraced code must be learned before a plan can be trusted. */
  boolean needsLearning() {
    return openWorld.isPresent() && command != null;
  }

  /** The methods of a bit set of method indices, as {@link MethodId} strings. */
  List<String> methodNames(final BitSet methods) {
    return methods.stream().mapToObj(m -> program.methods().get(m).id().toString()).toList();
  }

  /**
   * What of the java command the plan identity covers: the main class, the jar's file name for
   * {@code -jar}, and the program's arguments. Paths and JVM options are left out, so that a plan runs
   * where the same class files live elsewhere; a running JVM attached to has none.
   */
  public List<String> launch() {
    if (command == null) {
      return List.of();
    }
    final List<String> launch = new java.util.ArrayList<>(List.of("main " + command.mainClass()));
    if (command.jar()) {
      launch.add("jar " + command.mainEntry().getFileName());
    }
    command.programArgs().forEach(a -> launch.add("arg " + a));
    return launch;
  }

  /** The decoder's model for each session's witnesses. */
  List<IcfgModel> models(final List<BitSet> sessions) {
    return IcfgModel.ofSessions(structure, sessions);
  }

  /** Parses {@code a.b.C.name(desc)}. */
  private static MethodId parse(final String method) {
    final int paren = method.indexOf('(');
    final int dot = method.lastIndexOf('.', paren < 0 ? method.length() : paren);
    if (paren < 0 || dot < 0) {
      throw new IllegalArgumentException("not a method: " + method + " (expected class.name(descriptor))");
    }
    return new MethodId(method.substring(0, dot), method.substring(dot + 1, paren), method.substring(paren));
  }
}
