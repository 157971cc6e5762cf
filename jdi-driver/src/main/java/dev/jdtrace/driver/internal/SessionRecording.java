package dev.jdtrace.driver.internal;

import com.sun.jdi.VirtualMachine;
import dev.jdtrace.driver.SessionSpec;
import dev.jdtrace.driver.TargetException;
import dev.jdtrace.driver.stream.HitStreamWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.List;

/**
 * Records one session on an attached, suspended VM into the session's stream file.
 *
 * @param threads threads that hit a witness
 * @param breakpoints breakpoints set
 * @param hits hits recorded
 * @param refused messages for classes refused by the safety check
 */
public record SessionRecording(int threads, int breakpoints, long hits, List<String> refused) {

  /** Records until the VM disconnects. */
  public static SessionRecording record(final VirtualMachine vm, final SessionSpec spec) throws InterruptedException {
    try (OutputStream file = Files.newOutputStream(spec.stream());
        HitStreamWriter writer = new HitStreamWriter(file, spec.planId(), spec.session())) {
      final Recorder recorder = new Recorder(writer);
      final BreakpointInstaller installer = new BreakpointInstaller(spec.program(), spec.witnesses(),
          vm.eventRequestManager());
      JdiSession.open(vm, spec.filter(), recorder, installer).run();
      return new SessionRecording(recorder.threads(), installer.breakpoints(), recorder.hits(), installer.refused());
    } catch (final IOException e) {
      throw new TargetException("cannot write session stream " + spec.stream() + ": " + e.getMessage(), e);
    } catch (final UncheckedIOException e) {
      // A write of the stream failed mid-session (a full disk): the session cannot be traced.
      throw new TargetException("cannot write session stream " + spec.stream() + ": " + e.getCause().getMessage(), e);
    }
  }
}
