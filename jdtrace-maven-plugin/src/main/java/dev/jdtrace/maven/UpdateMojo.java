package dev.jdtrace.maven;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.StandardCopyOption;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Mojo;

/**
 * {@code jdtrace:update}: makes the trace the new golden trace (run after {@code jdtrace:trace}, e.g.
 * {@code mvn package jdtrace:update}), to be committed with the change that moved the path.
 */
@Mojo(name = "update", threadSafe = true)
public class UpdateMojo extends AbstractJdtraceMojo {
  @Override
  public void execute() throws MojoExecutionException {
    if (skip) {
      getLog().info("jdtrace: skipped");
      return;
    }
    if (!traceFile.isFile()) {
      throw new MojoExecutionException("no trace at " + traceFile + "; run jdtrace:trace first (mvn package jdtrace:update)");
    }
    try {
      Files.createDirectories(golden.toPath().toAbsolutePath().getParent());
      // Copy beside the golden trace first: an interrupted update never leaves half a golden trace.
      final var partial = golden.toPath().resolveSibling(golden.getName() + ".part");
      Files.copy(traceFile.toPath(), partial, StandardCopyOption.REPLACE_EXISTING);
      Files.move(partial, golden.toPath(), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (final IOException e) {
      throw new MojoExecutionException("cannot write the golden trace " + golden + ": " + e.getMessage(), e);
    }
    getLog().info("jdtrace: golden trace updated: " + golden + " (commit it)");
  }
}
