package dev.jdtrace.collect.internal;

import com.sun.jdi.VMDisconnectedException;
import com.sun.jdi.VirtualMachine;
import dev.jdtrace.collect.AttachResult;
import dev.jdtrace.collect.AttachSpec;
import dev.jdtrace.collect.GuardrailBreach;
import dev.jdtrace.collect.SessionResult;
import dev.jdtrace.collect.TargetException;
import dev.jdtrace.trace.stream.HitStreamWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

/** Records one attached session into its stream file: the phases of {@link Attachment} in order. */
public final class AttachedRecording {
  /** SHA-256 of no output: what a fixed window "printed". */
  private static final String NOTHING = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

  private AttachedRecording() {
  }

  /** Records the session and detaches, also when it fails; a shutdown hook detaches on Ctrl-C or SIGTERM. */
  public static AttachResult record(final VirtualMachine vm, final AttachSpec spec, final OutputStream out,
      final OutputStream err) throws InterruptedException {
    final long start = System.nanoTime();
    try (OutputStream file = Files.newOutputStream(spec.stream());
        HitStreamWriter writer = new HitStreamWriter(file, spec.planId(), spec.session())) {
      final Recorder recorder = new Recorder(writer);
      final Attachment attachment;
      try {
        attachment = new Attachment(vm, spec, recorder);
      } catch (final VMDisconnectedException e) {
        // A short program can end between the attach and the session's first requests.
        throw new TargetException(spec.target() + " exited before session " + spec.session()
            + " could set its breakpoints: nothing of it was recorded");
      }
      final AtomicReference<TriggerProcess> running = new AtomicReference<>();
      // Ctrl-C or SIGTERM: end the trigger, remove the requests, detach.
      final Thread hook = new Thread(() -> {
        final TriggerProcess t = running.get();
        if (t != null) {
          t.stop();
        }
        attachment.detach();
      }, "jdtrace-detach-" + spec.target());
      Runtime.getRuntime().addShutdownHook(hook);
      try {
        int exit = 0;
        String digest = NOTHING;
        GuardrailBreach truncated = null;
        if (attachment.begin()) {
          Attachment.Stop breach;
          if (spec.window().trigger() != null) {
            final TriggerProcess trigger = TriggerProcess.start(spec.window().trigger(), spec.target(), spec.session(),
                out, err);
            running.set(trigger);
            breach = null;
            while (breach == null && trigger.isAlive()) {
              breach = attachment.step(20);
            }
            if (breach != null && !breach.died()) {
              trigger.stop();
            }
            exit = trigger.exitCode();
            running.set(null);
            digest = trigger.stdoutSha256();
          } else {
            final long end = System.nanoTime() + spec.window().durationMillis() * 1_000_000;
            breach = null;
            while (breach == null && System.nanoTime() < end) {
              breach = attachment.step(20);
            }
          }
          if (breach == null) {
            breach = attachment.settle();
          }
          if (breach != null && !breach.died()) {
            attachment.cut(true);
            truncated = breach.breach();
          }
        } else if (!attachment.died()) {
          attachment.cut(true);
        }
        final int loaded = attachment.drain();
        attachment.detach();
        final BreakpointInstaller installer = attachment.installer();
        final SessionResult run = new SessionResult(spec.session(), exit, digest, recorder.threads(),
            installer.breakpoints() + attachment.ownBreakpoints(), recorder.hits(), (System.nanoTime() - start) / 1_000_000, installer.refused(),
            installer.unplannedPrepared(), List.of(), List.of(), false);
        return new AttachResult(spec.target(), run, truncated, attachment.cutThreads(), attachment.runningThreads(),
            attachment.residentThreads(), attachment.startSuspendMicros(), attachment.longestPauseMicros(),
            attachment.classStops().count(), attachment.classStops().longestMicros(), attachment.detachProven(),
            attachment.reserveNeeded(), recorder.activity(), loaded,
            attachment.died());
      } finally {
        attachment.detach();
        try {
          Runtime.getRuntime().removeShutdownHook(hook);
        } catch (final IllegalStateException e) {
          // Already shutting down: the hook detaches.
        }
      }
    } catch (final IOException e) {
      throw new UncheckedIOException("cannot write session stream " + spec.stream() + ": " + e.getMessage(), e);
    } catch (final UncheckedIOException e) {
      // A write of the stream failed mid-session (a full disk): the session cannot be traced.
      throw new UncheckedIOException("cannot write session stream " + spec.stream() + ": "
          + e.getCause().getMessage(), e.getCause());
    }
  }

}
