package dev.jdtrace.plan;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

/**
 * A {@code java [jvm options] (-cp CP MAIN | -jar JAR) [args…]} command line, understood just enough to
 * find the classpath and the main class. The command itself is always run exactly as given: it is read as
 * the java launcher reads it ({@link LauncherArgs}: {@code JDK_JAVA_OPTIONS} and {@code @argfiles}), never
 * rewritten.
 *
 * @param args the whole command, starting with the java executable, exactly as it runs
 * @param launcherArgs the arguments the java launcher acts on: the options of {@code JDK_JAVA_OPTIONS}
 *     after the executable, and each {@code @argfile} before the main class replaced by its arguments
 * @param classpath the classpath entries in the order the JVM searches them, with the entries the
 *     manifests of its jars name ({@link ClassPath})
 * @param mainClass binary name of the main class
 * @param mainEntry the classpath entry the program starts from (the jar for {@code -jar})
 * @param jar whether the program starts with {@code -jar}
 * @param programArgs the program's own arguments: what follows the main class or the jar
 */
public record JavaCommand(List<String> args, List<String> launcherArgs, List<Path> classpath, String mainClass,
    Path mainEntry, boolean jar, List<String> programArgs) {

  public JavaCommand {
    args = List.copyOf(args);
    launcherArgs = List.copyOf(launcherArgs);
    classpath = List.copyOf(classpath);
    programArgs = List.copyOf(programArgs);
  }

  /**
   * What the JVM reads as its options: the launcher's arguments up to the program's own (the classpath and the
   * main class among them), then those of {@code JAVA_TOOL_OPTIONS} and {@code _JAVA_OPTIONS} in {@code env}
   * (as the program gets them, {@link TargetEnvironment#get}), split as the JVM splits them.
   */
  public List<String> jvmOptions(final Map<String, String> env) {
    final List<String> options = new java.util.ArrayList<>(
        launcherArgs.subList(0, launcherArgs.size() - programArgs.size()));
    for (final String variable : List.of("JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS")) {
      TargetEnvironment.get(env, variable).ifPresent(v -> options.addAll(LauncherArgs.envOptions(variable, v)));
    }
    return options;
  }

  /** The java launcher of the JVM this runs in: the one to start a program with when none is named. */
  public static String currentJava() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  /**
   * Parses a java command as it runs from here, with jdtrace's environment.
   *
   * @throws IllegalArgumentException with a one-line message when the command cannot be understood
   */
  public static JavaCommand parse(final List<String> args) {
    return parse(args, System.getenv());
  }

  /**
   * Parses a java command as it runs in this environment ({@code CLASSPATH}, the variables of
   * {@link TargetEnvironment}).
   *
   * @throws IllegalArgumentException with a one-line message when the command cannot be understood, uses
   *     modules, or loads a JDWP agent of its own
   */
  public static JavaCommand parse(final List<String> args, final Map<String, String> env) {
    if (args.isEmpty()) {
      throw new IllegalArgumentException("no java command given: put it after --, e.g. -- java -cp app.jar com.example.Main");
    }
    final LauncherArgs read = LauncherArgs.of(args, TargetEnvironment.get(env, "JDK_JAVA_OPTIONS"));
    final List<String> launcher = read.args();
    final Start start = start(launcher, env.get("CLASSPATH"));
    JdwpAgents.refuse(launcher.subList(1, start.index()), read.fromEnvironment(), env);
    final String what = launcher.get(start.index());
    final List<String> programArgs = launcher.subList(start.index() + 1, launcher.size());
    return start.jar() ? fromJar(args, launcher, Path.of(what), programArgs)
        : fromClasspath(args, launcher, start.classpath(), what.replace('/', '.'), programArgs);
  }

  /**
   * Where the program starts in the launcher's arguments.
   *
   * @param index position of the main class, or of the jar for {@code -jar}
   * @param jar whether it is a jar
   * @param classpath the classpath in effect (for a main class)
   */
  private record Start(int index, boolean jar, String classpath) {
  }

  /** Finds the main class or jar as the launcher does: the first argument that is no option nor its value. */
  private static Start start(final List<String> args, final String classpathVariable) {
    String cp = classpathVariable == null ? "." : classpathVariable;
    boolean jar = false;
    int i = 1;
    for (; i < args.size() && args.get(i).startsWith("-"); i++) {
      final String a = args.get(i);
      final boolean hasValue = i + 1 < args.size() && !args.get(i + 1).startsWith("-");
      if (a.equals("-m") || a.equals("--module") || a.startsWith("--module=") || a.equals("-p")
          || a.equals("--module-path") || a.startsWith("--module-path=")) {
        throw new IllegalArgumentException("the java command uses modules (" + a + "), which jdtrace does not "
            + "support: run the program from the class path (-cp or -jar)");
      } else if (a.equals("--source") || a.startsWith("--source=")) {
        throw new IllegalArgumentException("jdtrace does not trace source-file programs (" + a + "): compile the "
            + "program and run its classes");
      } else if (a.equals("-jar")) {
        jar = true;
      } else if (a.equals("-cp") || a.equals("-classpath") || a.equals("--class-path")) {
        if (!hasValue) {
          throw new IllegalArgumentException("java option " + a + " needs a value");
        }
        cp = args.get(++i);
      } else if (a.startsWith("--class-path=")) {
        cp = a.substring("--class-path=".length());
      } else if (a.startsWith("-Djava.class.path=")) {
        cp = a.substring("-Djava.class.path=".length());
      } else if (LauncherArgs.WITH_VALUE.contains(a) && hasValue) {
        i++;
      }
    }
    if (i == args.size()) {
      throw new IllegalArgumentException(jar ? "java option -jar needs a jar"
          : "the java command names no main class: expected -cp CP MAIN or -jar JAR");
    }
    if (!jar && args.get(i).endsWith(".java") && Files.isRegularFile(Path.of(args.get(i)))) {
      throw new IllegalArgumentException("jdtrace does not trace source-file programs (" + args.get(i)
          + "): compile the program and run its classes");
    }
    return new Start(i, jar, cp);
  }

  private static JavaCommand fromClasspath(final List<String> args, final List<String> launcher, final String cp,
      final String main, final List<String> programArgs) {
    final List<Path> entries = ClassPath.of(cp);
    final String resource = main.replace('.', '/') + ".class";
    for (final Path entry : entries) {
      if (ClassFiles.contains(entry, resource)) {
        return new JavaCommand(args, launcher, entries, main, entry, false, programArgs);
      }
    }
    throw new IllegalArgumentException("main class " + main + " is not on the classpath " + cp
        + ": check the class name and -cp");
  }

  /** The entries of a classpath string as the JVM searches them ({@link ClassPath#of}). */
  public static List<Path> classpathEntries(final String cp) {
    return ClassPath.of(cp);
  }

  private static JavaCommand fromJar(final List<String> args, final List<String> launcher, final Path jar,
      final List<String> programArgs) {
    if (!Files.isReadable(jar)) {
      throw new IllegalArgumentException("cannot read jar " + jar + ": check the path after -jar");
    }
    try (JarFile file = new JarFile(jar.toFile())) {
      final Manifest manifest = file.getManifest();
      final String main = manifest == null ? null : manifest.getMainAttributes().getValue("Main-Class");
      if (main == null) {
        throw new IllegalArgumentException("jar " + jar + " has no Main-Class in its manifest");
      }
      return new JavaCommand(args, launcher, ClassPath.withManifests(List.of(jar)), main.trim(), jar, true,
          programArgs);
    } catch (final IOException e) {
      throw new UncheckedIOException("cannot read jar " + jar + ": " + e.getMessage(), e);
    }
  }
}
