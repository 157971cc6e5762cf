package dev.jdtrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code attach --cap K} is a budget: no session sets more than K breakpoints in the target, counting the
 * one of its own that a thread at rest in traced code gets at the cut (here the service's accept loop), and
 * a K below the planner's smallest unit is refused before any session sets a breakpoint. A round whose session
 * finds the thread at rest plans again at once, without running its other sessions.
 */
class AttachBudgetTest {
  private static final String INCLUDE = "dev.jdtrace.programs.service.*";
  private static final String REQUEST = "sum 4 x 5 6";
  private static final Pattern LEAST = Pattern.compile("use --cap (\\d+) or more");
  private static final Pattern OPTIMAL_LEAST = Pattern.compile("--cap 1 is below this plan's least cap, (\\d+)");
  private static final Pattern SESSION = Pattern.compile("session \\d+ \\(of (\\d+)\\) on [^:]+:\\d+: (\\d+) breakpoints?");

  @TempDir
  Path dir;

  private Cli.Outcome attach(final ServiceJvm service, final String... options) {
    final List<String> args = new ArrayList<>(List.of("attach", service.target(), "--classpath", Cli.PROGRAMS,
        "--include", INCLUDE, "--settle", "200", "--trigger", service.trigger(REQUEST)));
    args.addAll(List.of(options));
    return Cli.execute(args.toArray(String[]::new));
  }

  private List<String> blocks(final Path trace) throws IOException {
    final Path out = dir.resolve(trace.getFileName() + ".blocks");
    assertThat(Cli.execute("export", trace.toString(), "-o", out.toString()).exitCode()).isZero();
    return Files.readAllLines(out).stream().filter(l -> l.startsWith("handler-"))
        .map(l -> l.substring(l.indexOf('\t') + 1)).toList();
  }

  @Test
  void aCapDownToTheSmallestUnitHoldsAtEveryMomentAndTheTraceIsExact() throws IOException {
    try (ServiceJvm service = ServiceJvm.start()) {
      assertThat(service.ask("max 1 2")).isEqualTo("max=2");
      final Cli.Outcome tooSmall = attach(service, "--cap", "1", "-o", dir.resolve("no.trace").toString());
      assertThat(tooSmall.exitCode()).as(tooSmall.err()).isEqualTo(Failures.JDTRACE);
      // Below the optimal plan's least cap the small-unit witnesses are added; 1 is below even theirs.
      final Matcher optimal = OPTIMAL_LEAST.matcher(tooSmall.err());
      assertThat(optimal.find()).as(tooSmall.err()).isTrue();
      assertThat(tooSmall.err()).contains("--cap 1 is too small: ").doesNotContain("session 0");
      final Matcher least = LEAST.matcher(tooSmall.err());
      assertThat(least.find()).as(tooSmall.err()).isTrue();
      final int unit = Integer.parseInt(least.group(1));
      assertThat(service.ask("sum 1 2")).isEqualTo("sum=3");

      final Path all = dir.resolve("all.trace");
      final Cli.Outcome truth = attach(service, "--profile", "all-blocks", "--sessions", "1", "-o", all.toString());
      assertThat(truth.exitCode()).as(truth.err()).isZero();

      // The accept loop stands at rest in traced code: it needs one breakpoint of its own on top of the witnesses,
      // which the first sessions find (and say), so the least cap for the attach is one more than the unit.
      final Cli.Outcome unitOnly = attach(service, "--cap", Integer.toString(unit), "-o", dir.resolve("u.trace")
          .toString());
      assertThat(unitOnly.exitCode()).as(unitOnly.err()).isEqualTo(Failures.JDTRACE);
      assertThat(unitOnly.err()).contains("each of the 1 thread at rest in traced code needs a breakpoint of its own")
          .contains("use --cap " + (unit + 1) + " or more");
      // The session that found the thread at rest ends its round: the sessions after it would pause the service
      // for streams the next plan throws away.
      final Matcher ran = SESSION.matcher(unitOnly.err());
      assertThat(ran.find()).as(unitOnly.err()).isTrue();
      assertThat(Integer.parseInt(ran.group(1))).as("sessions planned").isGreaterThan(1);
      assertThat(ran.find()).as("a second session of the round: " + unitOnly.err()).isFalse();
      // A cap just above the optimal plan's least (not the small units' least: their many small sessions cost
      // minutes of attaches here), which splits the plan over several sessions.
      final int cap = Integer.parseInt(optimal.group(1)) + 1;
      final Path capped = dir.resolve("capped.trace");
      final Cli.Outcome o = attach(service, "--cap", Integer.toString(cap), "-o", capped.toString());
      assertThat(o.exitCode()).as(o.err()).isZero();
      final Matcher s = SESSION.matcher(o.err());
      int sessions = 0;
      while (s.find()) {
        assertThat(Integer.parseInt(s.group(2))).as(s.group()).isLessThanOrEqualTo(cap);
        sessions = Integer.parseInt(s.group(1));
      }
      assertThat(sessions).as(o.err()).isGreaterThan(1);
      assertThat(blocks(capped)).isEqualTo(blocks(all));
      assertThat(service.ask("sum 1 2")).isEqualTo("sum=3");
    }
  }
}
