package dev.jdtrace.maven;

import java.io.File;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.plugins.annotations.ResolutionScope;

/**
 * {@code jdtrace:trace}: runs the project's main class (on its runtime classpath) or a jar under
 * {@code jdtrace run} and writes the trace to {@code traceFile}. The options are those of {@code run}.
 */
@Mojo(name = "trace", defaultPhase = LifecyclePhase.PACKAGE, requiresDependencyResolution = ResolutionScope.RUNTIME,
    threadSafe = true)
public class TraceMojo extends AbstractJdtraceMojo {
  /** The main class to run on the project's runtime classpath; or give {@code jar}. */
  @Parameter(property = "jdtrace.mainClass")
  String mainClass;

  /** A jar to run with {@code java -jar} instead of a main class. */
  @Parameter(property = "jdtrace.jar")
  File jar;

  /** The program's arguments. */
  @Parameter
  List<String> arguments = new ArrayList<>();

  /** Options for the program's JVM (before the main class or {@code -jar}). */
  @Parameter
  List<String> jvmArguments = new ArrayList<>();

  @Parameter(defaultValue = "${project.runtimeClasspathElements}", readonly = true, required = true)
  List<String> runtimeClasspath;

  /** {@code --include}: classes to trace (a binary name or a prefix ending in *); by default jdtrace's choice. */
  @Parameter
  List<String> includes = new ArrayList<>();

  /** {@code --exclude}: classes not to trace. */
  @Parameter
  List<String> excludes = new ArrayList<>();

  /** {@code --profile}: optimal, condition-targets or all-blocks. */
  @Parameter(property = "jdtrace.profile")
  String profile;

  /** {@code --sessions}: runs of the program to split the breakpoints over. */
  @Parameter(property = "jdtrace.sessions")
  Integer sessions;

  /** {@code --cap}: breakpoints per session at most. */
  @Parameter(property = "jdtrace.cap")
  Integer cap;

  /** {@code --parallel}: sessions at once. */
  @Parameter(property = "jdtrace.parallel")
  Integer parallel;

  /** {@code --weights}: a previous trace whose counts weigh the plan. */
  @Parameter(property = "jdtrace.weights")
  File weights;

  /** {@code --stdin}: the program's standard input (replayed to each session); by default empty. */
  @Parameter(property = "jdtrace.stdin")
  File stdin;

  /** Any other options of {@code jdtrace run}, as written on its command line. */
  @Parameter
  List<String> options = new ArrayList<>();

  @Override
  public void execute() throws MojoExecutionException, MojoFailureException {
    if (skip) {
      getLog().info("jdtrace: skipped");
      return;
    }
    if ((mainClass == null) == (jar == null)) {
      throw new MojoExecutionException("jdtrace:trace needs exactly one of <mainClass> and <jar>");
    }
    if (!traceFile.getParentFile().isDirectory() && !traceFile.getParentFile().mkdirs()) {
      throw new MojoExecutionException("cannot create " + traceFile.getParentFile());
    }
    // The build fails on jdtrace's own failures only; the program's exit status is in the summary.
    final List<String> args = new ArrayList<>(List.of("run", "--no-exit-status", "-o", traceFile.getPath(),
        "--stdin", stdin == null ? devNull() : stdin.getPath()));
    includes.forEach(i -> args.addAll(List.of("--include", i)));
    excludes.forEach(e -> args.addAll(List.of("--exclude", e)));
    option(args, "--profile", profile);
    option(args, "--sessions", sessions);
    option(args, "--cap", cap);
    option(args, "--parallel", parallel);
    option(args, "--weights", weights);
    option(args, "--within", within);
    args.addAll(options);
    args.add("--");
    args.add(java.getPath());
    args.addAll(jvmArguments);
    if (jar != null) {
      args.addAll(List.of("-jar", jar.getPath()));
    } else {
      args.addAll(List.of("-cp", String.join(File.pathSeparator, runtimeClasspath), mainClass));
    }
    args.addAll(arguments);
    final JdtraceProcess.Outcome o = jdtrace().run(args, getLog()::info);
    if (o.exitCode() != 0) {
      throw new MojoFailureException("jdtrace run failed (" + o.exit() + "): "
          + (o.lines().isEmpty() ? "no output" : o.lines().get(o.lines().size() - 1)));
    }
  }

  private static void option(final List<String> args, final String name, final Object value) {
    if (value != null) {
      args.add(name);
      args.add(value.toString());
    }
  }

  private static String devNull() {
    return File.separatorChar == '/' ? "/dev/null" : "NUL";
  }
}
