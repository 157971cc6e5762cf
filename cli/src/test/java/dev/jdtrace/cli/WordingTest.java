package dev.jdtrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdtrace.collect.Endpoint;
import dev.jdtrace.collect.GuardrailBreach;
import dev.jdtrace.collect.Guardrails;
import dev.jdtrace.collect.NoBytecodeOverJdiException;
import dev.jdtrace.collect.NoTracedClassLoadedException;
import dev.jdtrace.distribute.CapTooSmallException;
import dev.jdtrace.distribute.TooManySessionsException;
import dev.jdtrace.distribute.Strategy;
import dev.jdtrace.reconstruct.ThreadsOverlapException;
import dev.jdtrace.tracer.NoMatchingClassException;
import dev.jdtrace.tracer.Notice;
import dev.jdtrace.tracer.TruncatedSessionException;
import dev.jdtrace.tracer.UnsettledLoadingException;
import dev.jdtrace.tracer.WeightsException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The core modules' failures carry no option names; the command words each with the option that fixes it. */
class WordingTest {
  private static final Endpoint TARGET = Endpoint.parse("127.0.0.1:5005");

  @Test
  void planningFailuresNameTheOptionToChange() {
    assertThat(Wording.of(new CapTooSmallException(10, 42, "the loop in a.B.c"))).isEqualTo(
        "--cap 10 is too small: the loop in a.B.c; use --cap 42 or more");
    assertThat(Wording.of(new TooManySessionsException(5, 3122))).isEqualTo("--cap 5 is too small for this plan: its "
        + "3122 witnesses would need more than 1000 sessions, each a run of the program; use a larger --cap");
    assertThat(Wording.of(new NoMatchingClassException(List.of("org.nothing.*"), 0))).isEqualTo(
        "no class on the classpath matches --include org.nothing.*: give a class name or a prefix such as "
            + "com.example.*");
    assertThat(Wording.of(new NoMatchingClassException(List.of("a.*"), 3))).isEqualTo(
        "the program loaded none of the 3 classes matching --include a.*: nothing to trace");
    assertThat(Wording.of(new WeightsException(Path.of("w.jdt"), "cannot read it: gone", null))).isEqualTo(
        "--weights w.jdt: cannot read it: gone");
    assertThat(Wording.of(new UnsettledLoadingException("class a.B", 4))).isEqualTo(
        "the runs diverged: a session loaded class a.B after 4 plans; trace every class with --all-classes");
  }

  @Test
  void noticesNameTheOptionThatChoosesOtherwise() {
    assertThat(Wording.of(new Notice.DefaultIncludes(List.of("a.*"), Path.of("app.jar")))).isEqualTo(
        "tracing a.* (the classes of app.jar); use --include to choose");
    assertThat(Wording.of(new Notice.LoadedClassesOnly(3, TARGET))).isEqualTo(
        "no --classpath: tracing the 3 matching classes 127.0.0.1:5005 has loaded, read over JDI");
    assertThat(Wording.of(new Notice.FewerSessions(8, 2, 2, Strategy.FUNCTION, false))).isEqualTo(
        "--sessions 8 asks for more sessions than the witnesses split into, so the plan has 2 sessions: they "
            + "form 2 job(s) that must each stay whole in one session (strategy function); --strategy fine may split finer");
    assertThat(Wording.of(new Notice.FewerSessions(8, 5, 9, Strategy.FINE, false))).endsWith(
        "packing by expected hits (strategy fine) left the others empty");
    assertThat(Wording.of(new Notice.FewerSessions(8, 5, 0, Strategy.FUNCTION, true))).endsWith(
        "so the plan has 5 sessions: as when the cached plan was made");
    assertThat(Wording.of(new Notice.ForeignWeights(Path.of("w.jdt"), "a.B", "c.D"))).isEqualTo(
        "warning: --weights w.jdt is a trace of a.B, not of c.D: only the code both run is weighed by it");
    assertThat(new Notice.DefaultIncludes(List.of("a.*"), Path.of("app.jar")).describe()).doesNotContain("--");
  }

  @Test
  void attachFailuresNameTheOptionToChange() {
    assertThat(Wording.of(new TruncatedSessionException(0, TARGET,
        new GuardrailBreach(GuardrailBreach.Limit.HITS, new Guardrails(3, 10, 60, 0))))).isEqualTo(
        "session 0 on 127.0.0.1:5005 was truncated: more than 3 hits (--max-hits); its requests are removed and the "
            + "target runs on; no trace written (--allow-truncated keeps the threads that completed)");
    assertThat(Wording.breach(new GuardrailBreach(GuardrailBreach.Limit.SECONDS, new Guardrails(3, 10, 1.5, 0))))
        .isEqualTo("attached longer than 1.5 s (--max-seconds)");
    assertThat(Wording.of(new NoBytecodeOverJdiException(TARGET))).isEqualTo(
        "127.0.0.1:5005 cannot show bytecode over JDI: pass --classpath");
    assertThat(Wording.of(new NoTracedClassLoadedException(TARGET, List.of("a.B"), 1))).isEqualTo(
        "no class matching --include a.B was loaded in 127.0.0.1:5005 by the end of session 1: check the patterns "
            + "against the running code");
    assertThat(Wording.of(new ThreadsOverlapException("x", "y", 0, TARGET))).endsWith(
        "one after another (send one request at a time, or use --sessions 1)");
  }
}
