package dev.jdtrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code attach --within}: on a running service, the trace holds each call of the matching method that a trigger's
 * request makes, and what it calls: the matching slice of the {@code run} ground truth of the same request
 * ({@code OneRequest}), compared without the thread column (the handling thread's name counts the service's
 * requests, so it differs from session to session, as in AttachTest).
 */
class AttachWithinTest {
  private static final String INCLUDE = "dev.jdtrace.programs.service.*";
  private static final String DISPATCH = "dev.jdtrace.programs.service.Service.dispatch";
  private static final String REQUEST = "sum 4 x 5 6";

  @TempDir
  Path dir;

  @Test
  void sessionsOnOneJvmGiveTheSliceOfTheRunTraceOfTheRequest() throws IOException {
    final Cli.Truth truth = Cli.truth(List.of(INCLUDE), List.of(Cli.JAVA, "-cp", Cli.PROGRAMS,
        "dev.jdtrace.programs.service.OneRequest", REQUEST));
    final List<String> slice = WithinTest.slice(truth, DISPATCH).stream().map(l -> l.substring(l.indexOf('\t') + 1))
        .toList();
    assertThat(slice).isNotEmpty();
    try (ServiceJvm service = ServiceJvm.start()) {
      assertThat(service.ask("max 1 2")).isEqualTo("max=2"); // warm: the handler's classes are loaded
      final Path trace = dir.resolve("within.trace");
      final Cli.Outcome o = Cli.execute("attach", service.target(), "--classpath", Cli.PROGRAMS, "--include", INCLUDE,
          "--settle", "200", "--within", DISPATCH, "--trigger", service.trigger(REQUEST), "--sessions", "2",
          "--deterministic", "-o", trace.toString());
      assertThat(o.exitCode()).as(o.err()).isZero();
      assertThat(o.err()).contains("2 sessions on 1 target, 1 thread");
      final Path blocks = dir.resolve("within.blocks");
      assertThat(Cli.execute("export", trace.toString(), "-o", blocks.toString()).exitCode()).isZero();
      assertThat(Files.readAllLines(blocks).stream().map(l -> l.substring(l.indexOf('\t') + 1)).toList())
          .isEqualTo(slice);
      assertThat(service.ask("sum 1 2")).isEqualTo("sum=3"); // the service runs on
    }
  }

  @Test
  void patternThatMatchesNoTracedMethodIsOneLine() throws IOException {
    try (ServiceJvm service = ServiceJvm.start()) {
      final Cli.Outcome o = Cli.execute("attach", service.target(), "--classpath", Cli.PROGRAMS, "--include",
          INCLUDE, "--within", INCLUDE.replace("*", "Service.nothing"), "--trigger", service.trigger(REQUEST), "-o",
          dir.resolve("t.trace").toString());
      Cli.assertOneLine(o, Failures.JDTRACE, "matches no method of the traced classes");
    }
  }
}
