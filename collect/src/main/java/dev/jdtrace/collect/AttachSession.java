package dev.jdtrace.collect;

import com.sun.jdi.VirtualMachine;
import dev.jdtrace.collect.internal.AttachedRecording;
import dev.jdtrace.collect.internal.Attacher;
import java.io.OutputStream;

/**
 * Runs one session on a JVM that is already running with a JDWP agent: attach, set the session's
 * witnesses (loaded classes at once, others as they are prepared), run the trigger or wait out the
 * window, let the traced threads settle, remove every request and detach with {@code dispose()}. The
 * target is never exited and keeps running whatever happens to jdtrace.
 */
public final class AttachSession {
  private AttachSession() {
  }

  /**
   * Whether an attach found the target held at its start ({@code suspend=y}): detaching let it run before
   * any session's breakpoints were set, so its start is not traced.
   */
  public static boolean releasedFromStart(final Endpoint target) {
    return Attacher.released(target);
  }

  /**
   * Records one session.
   *
   * @param out where the trigger's standard output is passed through
   * @param err where the trigger's standard error is passed through
   * @throws TargetException when the JVM cannot be attached to or disconnects
   * @throws IllegalArgumentException when the host is unknown
   */
  public static AttachResult run(final AttachSpec spec, final OutputStream out, final OutputStream err) {
    final VirtualMachine vm = Attacher.attach(spec.target());
    try {
      return AttachedRecording.record(vm, spec, out, err);
    } catch (final InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new TargetException("interrupted while tracing " + spec.target());
    }
  }
}
