package dev.jdtrace.maven;

import java.io.File;
import java.util.List;
import org.apache.maven.artifact.Artifact;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugins.annotations.Parameter;

/** What every goal shares: the trace file, the java executable, the way to run jdtrace, and {@code skip}. */
abstract class AbstractJdtraceMojo extends AbstractMojo {
  /** The trace the {@code trace} goal writes and {@code check} and {@code update} read. */
  @Parameter(property = "jdtrace.traceFile", defaultValue = "${project.build.directory}/jdtrace/jdtrace.trace")
  File traceFile;

  /** The golden trace committed in the project. */
  @Parameter(property = "jdtrace.golden", defaultValue = "${project.basedir}/src/test/jdtrace/golden.trace")
  File golden;

  /** The java executable that runs jdtrace and the traced program; by default the one running Maven. */
  @Parameter(property = "jdtrace.java", defaultValue = "${java.home}/bin/java")
  File java;

  /**
   * {@code --within}: the trace holds only the calls of the traced methods matching CLASS.METHOD (a class pattern,
   * a dot, a method name where * matches any characters: {@code com.acme.FooTest.bar*}), in every thread, with
   * everything they call; {@code check} then compares those calls. See {@code jdtrace run --help}.
   */
  @Parameter(property = "jdtrace.within")
  String within;

  /** Skips the goal. */
  @Parameter(property = "jdtrace.skip", defaultValue = "false")
  boolean skip;

  @Parameter(defaultValue = "${plugin.artifacts}", readonly = true, required = true)
  List<Artifact> pluginArtifacts;

  JdtraceProcess jdtrace() {
    return new JdtraceProcess(java, pluginArtifacts);
  }
}
