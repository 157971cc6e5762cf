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
 */
public record TracedProgram(JavaCommand command, ClassFilter filter, List<String> includes, Program program,
    IcfgModel.Structure structure) {

  /**
   * Loads the traced classes of a java command.
   *
   * @param info told which classes are traced when the includes are defaulted
   */
  public static TracedProgram load(final List<String> javaCommand, final List<String> includes,
      final List<String> excludes, final Consumer<String> info) {
    final JavaCommand command = JavaCommand.parse(javaCommand);
    List<String> patterns = includes;
    if (patterns.isEmpty()) {
      patterns = ProgramLoader.defaultIncludes(command);
      info.accept("tracing " + String.join(", ", patterns) + " (the classes of " + command.mainEntry()
          + "); use --include to choose");
    }
    final ClassFilter filter = new ClassFilter(patterns, excludes);
    final Program program = ProgramLoader.load(command.classpath(), filter);
    if (program.classes().isEmpty()) {
      throw new IllegalArgumentException("no class on the classpath matches --include " + String.join(" ", patterns)
          + ": give a class name or a prefix such as com.example.*");
    }
    final boolean openWorld = !filter.matches(command.mainClass()) || !excludes.isEmpty();
    final CallResolver resolver = new CallResolver(new Hierarchy(program), openWorld);
    final IcfgModel.Structure structure = IcfgModel.Structure.of(program, resolver,
        Callbacks.of(program, resolver, command.classpath(), openWorld));
    return new TracedProgram(command, filter, patterns, program, structure);
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
    final int start = command.args().size() - command.programArgs().size();
    if (command.args().get(start - 2).equals("-jar")) {
      launch.add("jar " + command.mainEntry().getFileName());
    }
    command.programArgs().forEach(a -> launch.add("arg " + a));
    return launch;
  }

  /** The decoder's model for each session's witnesses. */
  public List<IcfgModel> models(final List<BitSet> sessions) {
    return sessions.stream().map(w -> new IcfgModel(structure, w)).toList();
  }
}
