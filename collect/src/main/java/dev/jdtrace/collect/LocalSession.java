package dev.jdtrace.collect;

import com.sun.jdi.VirtualMachine;
import dev.jdtrace.collect.internal.JdiSession;
import dev.jdtrace.collect.internal.LaunchedJvm;
import dev.jdtrace.collect.internal.SessionRecording;
import java.io.OutputStream;

/** Runs one session by launching the java command locally under a loopback JDWP agent. */
public final class LocalSession {
  private LocalSession() {
  }

  /**
   * Launches the target, sets the session's witnesses as each traced class is prepared, records every
   * hit to {@code spec.stream()}, and returns once the target has exited. When the VM dies, it is held
   * until the stack of every thread in traced code is in the stream.
   *
   * @param out where the target's standard output is passed through
   * @param err where the target's standard error is passed through
   * @throws TargetException when the target cannot be started or traced, or was killed outright (SIGKILL),
   *     so that where its threads stood when it died is unknown
   */
  public static SessionResult run(final SessionSpec spec, final OutputStream out, final OutputStream err) {
    final long start = System.nanoTime();
    try (LaunchedJvm target = LaunchedJvm.start(spec.command().args(), spec.stdin(), out, err)) {
      final VirtualMachine vm = JdiSession.attach("127.0.0.1", target.awaitPort());
      final SessionRecording recording = SessionRecording.record(vm, spec);
      final int exit = target.waitFor();
      if (!recording.witnessedDeath()) {
        throw new TargetException("the target was killed" + (exit > 128 ? " by signal " + (exit - 128) : "")
            + " (exit code " + exit + ") before its end could be recorded: where its threads stood is unknown, "
            + "so no trace is written");
      }
      return new SessionResult(spec.session(), exit, target.stdoutSha256(), recording.threads(),
          recording.breakpoints(), recording.hits(), (System.nanoTime() - start) / 1_000_000,
          recording.refused(), recording.unplanned(), recording.untracedUnknown(),
          recording.reflectedUnknown(), recording.reflectionOverflowed());
    } catch (final InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new TargetException("interrupted while tracing");
    }
  }
}
