package dev.jdtrace.profiler;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarFile;
import java.util.jar.Manifest;

/**
 * A {@code java [jvm options] (-cp CP MAIN | -jar JAR) [args…]} command line, understood just enough to
 * find the classpath and the main class. The command itself is always run exactly as given.
 *
 * @param args the whole command, starting with the java executable
 * @param classpath the classpath entries, in order
 * @param mainClass binary name of the main class
 * @param mainEntry the classpath entry the program starts from (the jar for {@code -jar})
 */
public record JavaCommand(List<String> args, List<Path> classpath, String mainClass, Path mainEntry) {

  public JavaCommand {
    args = List.copyOf(args);
    classpath = List.copyOf(classpath);
  }

  /** The java launcher of the JVM this runs in: the one to start a program with when none is named. */
  public static String currentJava() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  /**
   * Parses a java command.
   *
   * @throws IllegalArgumentException with a one-line message when the command cannot be understood
   */
  public static JavaCommand parse(final List<String> args) {
    if (args.isEmpty()) {
      throw new IllegalArgumentException("no java command given: put it after --, e.g. -- java -cp app.jar com.example.Main");
    }
    final Start start = start(args);
    return start.jar() ? fromJar(args, Path.of(args.get(start.index())))
        : fromClasspath(args, start.classpath(), args.get(start.index()));
  }

  /** The program's own arguments: what follows the main class or the jar. */
  public List<String> programArgs() {
    return args.subList(start(args).index() + 1, args.size());
  }

  /**
   * Where the program starts in a java command.
   *
   * @param index position of the main class, or of the jar after {@code -jar}
   * @param jar whether it is a jar
   * @param classpath the classpath in effect (for a main class)
   */
  private record Start(int index, boolean jar, String classpath) {
  }

  private static Start start(final List<String> args) {
    String cp = System.getenv().getOrDefault("CLASSPATH", ".");
    for (int i = 1; i < args.size(); i++) {
      final String a = args.get(i);
      if (a.equals("-cp") || a.equals("-classpath") || a.equals("--class-path")) {
        cp = value(args, ++i, a);
      } else if (a.startsWith("--class-path=")) {
        cp = a.substring("--class-path=".length());
      } else if (a.equals("-jar")) {
        value(args, i + 1, a);
        return new Start(i + 1, true, cp);
      } else if (takesValue(a)) {
        i++;
      } else if (!a.startsWith("-")) {
        return new Start(i, false, cp);
      }
    }
    throw new IllegalArgumentException("the java command names no main class: expected -cp CP MAIN or -jar JAR");
  }

  private static JavaCommand fromClasspath(final List<String> args, final String cp, final String main) {
    final List<Path> entries = classpathEntries(cp);
    final String resource = main.replace('.', '/') + ".class";
    for (final Path entry : entries) {
      if (ClassFiles.contains(entry, resource)) {
        return new JavaCommand(args, entries, main, entry);
      }
    }
    throw new IllegalArgumentException("main class " + main + " is not on the classpath " + cp
        + ": check the class name and -cp");
  }

  /** The entries of a classpath string as the java launcher reads it, {@code dir/*} expanded to its jars. */
  public static List<Path> classpathEntries(final String cp) {
    final List<Path> entries = new ArrayList<>();
    for (final String e : cp.split(File.pathSeparator)) {
      if (e.endsWith("*") && (e.length() == 1 || e.charAt(e.length() - 2) == File.separatorChar)) {
        entries.addAll(jarsIn(Path.of(e.length() == 1 ? "." : e.substring(0, e.length() - 1))));
      } else if (!e.isEmpty()) {
        entries.add(Path.of(e));
      }
    }
    return entries;
  }

  /** A {@code dir/*} classpath entry: every jar in the directory, as the java launcher expands it. */
  private static List<Path> jarsIn(final Path dir) {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (var files = Files.list(dir)) {
      return files.filter(f -> f.getFileName().toString().toLowerCase(java.util.Locale.ROOT).endsWith(".jar"))
          .sorted().toList();
    } catch (final IOException e) {
      throw new UncheckedIOException("cannot list classpath directory " + dir + ": " + e.getMessage(), e);
    }
  }

  private static JavaCommand fromJar(final List<String> args, final Path jar) {
    if (!Files.isReadable(jar)) {
      throw new IllegalArgumentException("cannot read jar " + jar + ": check the path after -jar");
    }
    try (JarFile file = new JarFile(jar.toFile())) {
      final Manifest manifest = file.getManifest();
      final String main = manifest == null ? null : manifest.getMainAttributes().getValue("Main-Class");
      if (main == null) {
        throw new IllegalArgumentException("jar " + jar + " has no Main-Class in its manifest");
      }
      final List<Path> entries = new ArrayList<>(List.of(jar));
      final String extra = manifest.getMainAttributes().getValue("Class-Path");
      if (extra != null) {
        for (final String e : extra.trim().split("\\s+")) {
          entries.add(jar.toAbsolutePath().getParent().resolve(e));
        }
      }
      return new JavaCommand(args, entries, main, jar);
    } catch (final IOException e) {
      throw new UncheckedIOException("cannot read jar " + jar + ": " + e.getMessage(), e);
    }
  }

  private static String value(final List<String> args, final int i, final String option) {
    if (i >= args.size()) {
      throw new IllegalArgumentException("java option " + option + " needs a value");
    }
    return args.get(i);
  }

  /** JVM options whose value is the next argument. */
  private static boolean takesValue(final String a) {
    return List.of("-p", "--module-path", "--add-modules", "--add-opens", "--add-exports", "--add-reads",
        "--limit-modules", "--upgrade-module-path", "--patch-module").contains(a);
  }
}
