package dev.jdtrace.maven;

import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.LifecyclePhase;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * {@code jdtrace:check}: compares the trace with the golden trace ({@code jdtrace diff golden trace}) and
 * fails the build when their paths differ, printing each differing thread's first divergence with source
 * lines and call stacks. A missing golden trace fails too, saying how to record it.
 */
@Mojo(name = "check", defaultPhase = LifecyclePhase.VERIFY, threadSafe = true)
public class CheckMojo extends AbstractJdtraceMojo {
  /** {@code --ignore-thread}: threads left out of the comparison ({@code *} matches any text). */
  @Parameter
  List<String> ignoreThreads = new ArrayList<>();

  /** {@code --ignore-class}: classes whose blocks are left out. */
  @Parameter
  List<String> ignoreClasses = new ArrayList<>();

  @Override
  public void execute() throws MojoExecutionException, MojoFailureException {
    if (skip) {
      getLog().info("jdtrace: skipped");
      return;
    }
    if (!golden.isFile()) {
      throw new MojoFailureException("no golden trace at " + golden + "; record it with: mvn package jdtrace:update");
    }
    if (!traceFile.isFile()) {
      throw new MojoExecutionException("no trace at " + traceFile + "; run jdtrace:trace first");
    }
    final List<String> args = new ArrayList<>(List.of("diff", golden.getPath(), traceFile.getPath(), "--color", "never"));
    ignoreThreads.forEach(t -> args.addAll(List.of("--ignore-thread", t)));
    ignoreClasses.forEach(c -> args.addAll(List.of("--ignore-class", c)));
    final List<String> lines = new ArrayList<>();
    final JdtraceProcess.Outcome o = jdtrace().run(args, lines::add);
    switch (o.exitCode()) {
      case 0 -> {
        lines.forEach(l -> getLog().info("jdtrace: " + l + (within == null ? "" : " (the calls of " + within + ")")));
      }
      case 1 -> {
        lines.forEach(getLog()::error);
        throw new MojoFailureException("the trace" + (within == null ? "" : " of the calls of " + within)
            + " differs from the golden trace " + golden + " (first divergence above); if the new path is intended, "
            + "record it with: mvn package jdtrace:update");
      }
      default -> {
        lines.forEach(getLog()::error);
        throw new MojoExecutionException("jdtrace diff failed (" + o.exit() + ")");
      }
    }
  }
}
