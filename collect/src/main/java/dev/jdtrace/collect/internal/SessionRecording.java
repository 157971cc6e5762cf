package dev.jdtrace.collect.internal;

import com.sun.jdi.VirtualMachine;
import dev.jdtrace.collect.SessionSpec;
import dev.jdtrace.plan.UnreadableClassException;
import dev.jdtrace.trace.stream.HitStreamWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Records one session on an attached, suspended VM into the session's stream file.
 *
 * @param threads threads that hit a witness
 * @param breakpoints breakpoints set
 * @param hits hits recorded
 * @param refused messages for classes refused by the safety check
 * @param witnessedDeath whether the VM was held at its death, so that every thread's end is in the stream;
 *     false when the target was killed outright
 * @param unplanned traced classes prepared that the plan left out
 * @param untracedUnknown untraced, non-JDK classes loaded that the plan did not assume, sorted
 * @param reflectedUnknown traced methods reflection entered that the plan did not assume, sorted
 * @param reflectionOverflowed whether reflection was called too often to watch
 */
public record SessionRecording(int threads, int breakpoints, long hits, List<String> refused,
    boolean witnessedDeath, List<String> unplanned, List<String> untracedUnknown, List<String> reflectedUnknown,
    boolean reflectionOverflowed) {

  /** Records until the VM disconnects. */
  public static SessionRecording record(final VirtualMachine vm, final SessionSpec spec) throws InterruptedException {
    try (OutputStream file = Files.newOutputStream(spec.stream());
        HitStreamWriter writer = new HitStreamWriter(file, spec.planId(), spec.session());
        RequestPool requests = new RequestPool(RequestPool.THREADS)) {
      final Recorder recorder = new Recorder(writer);
      final BreakpointInstaller installer = new BreakpointInstaller(spec.program(), spec.witnesses(),
          vm.eventRequestManager(), spec.unplanned());
      installer.overlapping(requests);
      installer.checking(spec.checked());
      final Windows windows = spec.within() == null ? null
          : new Windows(spec.within(), spec.program(), spec.witnesses(), vm.eventRequestManager());
      final JdiSession session = JdiSession.open(vm, spec.filter(), recorder, installer, spec.untraced() != null,
          windows, spec.reflected() != null);
      session.run();
      // A traced class with no class file to plan from ran unseen: no trace rather than one without it.
      final Set<String> outside = new TreeSet<>();
      installer.outsidePrepared().stream().filter(spec.filter()::matches).forEach(outside::add);
      if (!outside.isEmpty()) {
        throw new UnreadableClassException(outside, spec.command().classpath());
      }
      final List<String> unknown = new ArrayList<>();
      if (spec.untraced() != null) {
        session.untracedLoaded().stream().filter(c -> !spec.untraced().contains(c)).forEach(unknown::add);
      }
      final List<String> reflected = new ArrayList<>();
      if (spec.reflected() != null) {
        session.reflected().stream().filter(m -> !spec.reflected().contains(m)).forEach(reflected::add);
      }
      final int breakpoints = installer.breakpoints() + (windows == null ? 0 : windows.breakpoints());
      return new SessionRecording(recorder.threads(), breakpoints, recorder.hits(), installer.refused(),
          session.witnessedDeath(), installer.unplannedPrepared(), unknown, reflected,
          session.reflectionOverflowed());
    } catch (final IOException e) {
      throw new UncheckedIOException("cannot write session stream " + spec.stream() + ": " + e.getMessage(), e);
    } catch (final UncheckedIOException e) {
      // A write of the stream failed mid-session (a full disk): the session cannot be traced.
      throw new UncheckedIOException("cannot write session stream " + spec.stream() + ": "
          + e.getCause().getMessage(), e.getCause());
    }
  }
}
