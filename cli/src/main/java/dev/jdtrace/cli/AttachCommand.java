package dev.jdtrace.cli;

import dev.jdtrace.collect.Endpoint;
import dev.jdtrace.collect.Guardrails;
import dev.jdtrace.collect.StandardInput;
import dev.jdtrace.collect.Window;
import dev.jdtrace.plan.JavaCommand;
import dev.jdtrace.tracer.AttachReport;
import dev.jdtrace.tracer.AttachRequest;
import dev.jdtrace.tracer.Plural;
import dev.jdtrace.tracer.Tracer;
import dev.jdtrace.tracer.io.OutputTarget;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code jdtrace attach}: trace JVMs that are already running with a JDWP agent. */
@Command(name = "attach", sortOptions = false, mixinStandardHelpOptions = true,
    resourceBundle = "dev.jdtrace.cli.AttachHelp",
    header = "Trace running JVMs through their debug ports: attach, record while a trigger runs, detach.",
    description = {"Each session attaches, sets its witnesses (loaded classes at once, others as they load), runs "
        + "the trigger (sh -c CMD, told JDTRACE_HOST, JDTRACE_PORT and JDTRACE_SESSION) or waits out --duration, "
        + "waits until the traced threads are out of traced code or back where they started, removes its requests "
        + "and detaches. Several "
        + "targets (replicas of one service) run sessions in parallel; one target runs them one after another.",
        "Threads enter traced code after the attach, or were inside it at the attach. Such a thread at rest in an "
            + "untraced call (a request loop blocked in accept, read or take) is traced from there: the VM is "
            + "suspended briefly to read its stack (the session prints for how long), and its request is finished "
            + "when it is back at that stack. A thread running a traced block is looked at again for up to 0.5 s, "
            + "then left out. Threads are matched across sessions by where they started, then by the order in "
            + "which they began; differing starting stacks are a divergence."},
    footer = {"", Failures.EXIT_CODES + " Attach exits 0 once the trace is written, whatever the trigger's exit "
        + "status (the summary names it).",
        "", "Example (the service started with -agentlib:jdwp=transport=dt_socket,server=y,suspend=n,"
        + "address=127.0.0.1:5005):",
        "  jdtrace attach 127.0.0.1:5005 --classpath app.jar --include 'com.example.*' "
            + "--trigger 'curl -s localhost:8080/orders/42' --sessions 2 -o orders.trace"})
final class AttachCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Parameters(arity = "1..*", paramLabel = "HOST:PORT", description = "Debug ports of the JVMs (replicas).")
  List<String> targets;

  @Option(names = "--classpath", paramLabel = "CP",
      description = "The class files the JVMs run (path-separated entries, dir/* expands). Without it, the "
          + "classes the first JVM has loaded are read over JDI (classes with exception handlers are refused, all "
          + "listed in one line). "
          + "Either way every class's bytecode is checked before any breakpoint is set.")
  String classpath;

  @ArgGroup(exclusive = true, multiplicity = "1")
  Trigger trigger;

  static final class Trigger {
    @Option(names = "--trigger", paramLabel = "CMD", required = true,
        description = "Shell command that sends the same input each session; when the sessions' triggers print "
            + "different output, one more session traces alone (see --fallback).")
    String command;

    @Option(names = "--duration", paramLabel = "SECONDS", required = true,
        description = "Instead of a trigger, record for this long.")
    Double seconds;
  }

  @Mixin
  PlanningOptions planning;

  @Mixin
  SameRunOptions sameRun;

  @Option(names = "--max-hits", paramLabel = "N", defaultValue = "10000000",
      description = "Truncate a session after N hits (default: ${DEFAULT-VALUE}).")
  long maxHits;

  @Option(names = "--max-rate", paramLabel = "N", defaultValue = "200000",
      description = "Truncate a session above N hits in one second (default: ${DEFAULT-VALUE}).")
  long maxRate;

  @Option(names = "--max-seconds", paramLabel = "S", defaultValue = "600",
      description = "Truncate a session attached longer than S seconds (default: ${DEFAULT-VALUE}).")
  double maxSeconds;

  @Option(names = "--settle", paramLabel = "MS", defaultValue = "300",
      description = "Quiet time without hits before detaching (default: ${DEFAULT-VALUE} ms).")
  long settleMillis;

  @Option(names = "--allow-truncated", description = "Write a trace even when a guardrail truncated a session: "
      + "it holds only the threads that completed in every session, and jdtrace says so.")
  boolean allowTruncated;

  @Option(names = {"-o", "--output"}, paramLabel = "TRACE", defaultValue = "jdtrace.trace",
      description = "Trace file to write (default: ${DEFAULT-VALUE}). " + Outputs.HELP
          + " With -, the trigger's output goes to standard error.")
  Path output;

  @Option(names = "--within", paramLabel = "CLASS.METHOD", description = "Record only the calls of the traced "
      + "methods matching CLASS.METHOD that begin after the attach, in every thread, each from the method's entry to "
      + "its return or to an exception leaving it, with everything it calls (as run --within; a call under way at "
      + "the attach is not recorded, nor anything it calls). The session detaches between calls.")
  String within;

  @Option(names = "--stats", paramLabel = "FILE", description = "Also write each session's figures as JSON: "
      + "breakpoints, hits, threads, wall time and its longest VM pause.")
  Path stats;

  @Override
  public Integer call() throws IOException {
    final PrintWriter err = Info.notices(spec);
    final OutputTarget target = OutputTarget.check(output, "TRACE");
    final Consumer<String> info = Info.to(spec);
    checkRanges();
    final List<Endpoint> endpoints = targets.stream().map(Endpoint::parse).toList();
    if (planning.includes.isEmpty()) {
      throw new IllegalArgumentException("attach needs --include PAT: the traced classes of a running JVM");
    }
    for (final Endpoint e : endpoints) {
      if (!e.isLoopback()) {
        info.accept("warning: JDWP is unauthenticated and " + e + " is not a loopback address: anyone who reaches "
            + "it can run code in that JVM; tunnel it instead (ssh -L " + e.port() + ":127.0.0.1:" + e.port() + " "
            + e.host() + ") and attach to 127.0.0.1:" + e.port());
      }
    }
    final AttachReport report = Tracer.attach(new AttachRequest(endpoints,
        classpath == null ? null : JavaCommand.classpathEntries(classpath),
        planning.request(output, StandardInput.none(), List.of(), endpoints.size()).withSameRun(sameRun.policy())
            .withWithin(within),
        trigger.command != null ? Window.trigger(trigger.command) : Window.duration(Math.round(trigger.seconds * 1000)),
        new Guardrails(maxHits, maxRate, maxSeconds, settleMillis), allowTruncated),
        target.isStandardOutput() ? System.err : System.out, System.err, info);
    report.sessions().stream().filter(r -> r.run().exitCode() != 0).findFirst()
        .ifPresent(r -> info.accept("the trigger exited with code " + r.run().exitCode()));
    if (report.threads() == 0) {
      info.accept("no thread ran traced code during the sessions, so the trace is empty (did the trigger reach the "
          + "traced code?)");
    }
    final long truncated = report.sessions().stream().filter(r -> r.truncated() != null).count();
    if (truncated > 0) {
      info.accept("TRUNCATED TRACE: " + Plural.of(truncated, "session") + (truncated == 1 ? " was" : " were")
          + " cut by a guardrail; " + Plural.of(report.leftOut(), "thread") + " left out, the trace holds only the "
          + report.threads() + " that completed in every session");
    }
    if (report.oneSession() != null) {
      err.printf("jdtrace: traced again in one session, exact: the sessions' windows differed (%s)%n",
          report.oneSession());
    }
    err.printf("jdtrace: %s on %s, %s, %s, %s, %s, VM paused at most %.1f ms -> %s%n",
        Plural.of(report.sessions().size(), "session"),
        Plural.of(endpoints.size(), "target"), Plural.of(report.threads(), "thread"),
        Plural.of(report.sessions().stream().mapToLong(r -> r.run().breakpoints()).sum(), "breakpoint"),
        Plural.of(report.sessions().stream().mapToLong(r -> r.run().hits()).sum(), "hit"),
        Plural.of(report.blockEntries(), "block entry"),
        report.sessions().stream().mapToLong(r -> r.longestPauseMicros()).max().orElse(0) / 1000.0, output);
    if (stats != null) {
      OutputTarget.check(stats, "--stats FILE").write(out -> new com.fasterxml.jackson.databind.ObjectMapper()
          .enable(com.fasterxml.jackson.databind.SerializationFeature.INDENT_OUTPUT).writer()
          .without(com.fasterxml.jackson.core.JsonGenerator.Feature.AUTO_CLOSE_TARGET)
          .writeValue(out, AttachStats.of(report)));
    }
    err.flush();
    return 0;
  }

  private void checkRanges() {
    if (trigger.seconds != null) {
      Ranges.positive("--duration", trigger.seconds);
    }
    Ranges.atLeast("--max-hits", maxHits, 1);
    Ranges.atLeast("--max-rate", maxRate, 1);
    Ranges.positive("--max-seconds", maxSeconds);
    Ranges.atLeast("--settle", settleMillis, 0);
  }
}
