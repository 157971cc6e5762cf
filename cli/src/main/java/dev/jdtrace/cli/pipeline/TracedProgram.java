package dev.jdtrace.cli.pipeline;

import dev.jdtrace.profiler.ClassFilter;
import dev.jdtrace.profiler.JavaCommand;
import dev.jdtrace.profiler.ProgramLoader;
import dev.jdtrace.profiler.icfg.CallResolver;
import dev.jdtrace.profiler.icfg.Callbacks;
import dev.jdtrace.profiler.icfg.Hierarchy;
import dev.jdtrace.profiler.icfg.IcfgModel;
import dev.jdtrace.profiler.model.Program;
import java.util.BitSet;
import java.util.List;
import java.util.Set;
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
 * @param unplanned traced classes with a class file that were left out because the program's first run did
 *     not load them; a session that loads one says so, and the run plans again
 * @param ran the methods the first run saw run ({@code class.name+descriptor}) with how often (1, 10, 100
 *     or 1,000: the largest their runs reached), which weigh the predicted hits; {@code null} when not known
 */
public record TracedProgram(JavaCommand command, ClassFilter filter, List<String> includes, Program program,
    IcfgModel.Structure structure, Set<String> unplanned, java.util.Map<String, Integer> ran) {

  public TracedProgram {
    unplanned = Set.copyOf(unplanned);
    ran = ran == null ? null : java.util.Map.copyOf(ran);
  }

  /** A program whose every traced class is planned. */
  public TracedProgram(final JavaCommand command, final ClassFilter filter, final List<String> includes,
      final Program program, final IcfgModel.Structure structure) {
    this(command, filter, includes, program, structure, Set.of(), null);
  }

  /** The same program with what its first run saw run. */
  TracedProgram withRan(final java.util.Map<String, Integer> methods) {
    return new TracedProgram(command, filter, includes, program, structure, unplanned, methods);
  }

  /**
   * Loads the traced classes of a java command.
   *
   * @param info told which classes are traced when the includes are defaulted
   */
  public static TracedProgram load(final List<String> javaCommand, final List<String> includes,
      final List<String> excludes, final Consumer<String> info) {
    return load(javaCommand, includes, excludes, null, info);
  }

  /** The include patterns in effect: the given ones, or the defaults (and says which). */
  static ClassFilter filter(final JavaCommand command, final List<String> includes, final List<String> excludes,
      final Consumer<String> info) {
    List<String> patterns = includes;
    if (patterns.isEmpty()) {
      patterns = ProgramLoader.defaultIncludes(command);
      info.accept("tracing " + String.join(", ", patterns) + " (the classes of " + command.mainEntry()
          + "); use --include to choose");
    }
    return new ClassFilter(patterns, excludes);
  }

  /**
   * Loads the traced classes of a java command that a run loads.
   *
   * @param loaded the traced classes a run of the program loaded (see {@code ClassLoadProbe}); only they
   *     are analysed and planned; {@code null} plans every traced class of the classpath
   * @param info told which classes are traced when the includes are defaulted
   */
  public static TracedProgram load(final List<String> javaCommand, final List<String> includes,
      final List<String> excludes, final Set<String> loaded, final Consumer<String> info) {
    final JavaCommand command = JavaCommand.parse(javaCommand);
    return load(command, filter(command, includes, excludes, info), loaded);
  }

  /** Loads the traced classes of a parsed java command, those in {@code loaded} only unless it is null. */
  static TracedProgram load(final JavaCommand command, final ClassFilter filter, final Set<String> loaded) {
    final List<String> patterns = filter.includes();
    final List<String> excludes = filter.excludes();
    final Program program = loaded == null ? ProgramLoader.load(command.classpath(), filter)
        : ProgramLoader.load(command.classpath(), filter, loaded::contains);
    final Set<String> unplanned = new java.util.TreeSet<>();
    if (loaded != null) {
      for (final String name : ProgramLoader.tracedNames(command.classpath(), filter)) {
        if (program.classNamed(name) == null) {
          unplanned.add(name);
        }
      }
    }
    if (program.classes().isEmpty() && !unplanned.isEmpty()) {
      throw new IllegalArgumentException("the program loaded none of the " + unplanned.size()
          + " classes matching --include " + String.join(" ", patterns) + ": nothing to trace");
    }
    if (program.classes().isEmpty()) {
      throw new IllegalArgumentException("no class on the classpath matches --include " + String.join(" ", patterns)
          + ": give a class name or a prefix such as com.example.*");
    }
    final boolean openWorld = !filter.matches(command.mainClass()) || !excludes.isEmpty();
    final CallResolver resolver = new CallResolver(new Hierarchy(program), openWorld);
    final IcfgModel.Structure structure = IcfgModel.Structure.of(program, resolver,
        Callbacks.of(program, resolver, command.classpath(), openWorld));
    return new TracedProgram(command, filter, patterns, program, structure, unplanned, null);
  }

  /**
   * The traced classes of a running JVM, which has no java command to read: the world is open (untraced
   * code may call any non-private traced method), since the main class is not known.
   *
   * @param classpath where untraced supertypes are looked up (may be empty)
   * @param program the analysed classes
   */
  public static TracedProgram ofRunning(final List<java.nio.file.Path> classpath, final ClassFilter filter,
      final Program program) {
    final CallResolver resolver = new CallResolver(new Hierarchy(program), true);
    final IcfgModel.Structure structure = IcfgModel.Structure.of(program, resolver,
        Callbacks.of(program, resolver, classpath, true));
    return new TracedProgram(null, filter, filter.includes(), program, structure);
  }

  /** The decoder's model for each session's witnesses. */
  public List<IcfgModel> models(final List<BitSet> sessions) {
    return sessions.stream().map(w -> new IcfgModel(structure, w)).toList();
  }
}
