package dev.jdtrace.driver;

import com.sun.jdi.ReferenceType;
import com.sun.jdi.VMDisconnectedException;
import com.sun.jdi.VirtualMachine;
import com.sun.jdi.event.ClassPrepareEvent;
import com.sun.jdi.event.Event;
import com.sun.jdi.event.EventSet;
import com.sun.jdi.event.VMDisconnectEvent;
import com.sun.jdi.request.ClassPrepareRequest;
import com.sun.jdi.request.EventRequest;
import dev.jdtrace.driver.internal.JdiSession;
import dev.jdtrace.driver.internal.TargetProcess;
import dev.jdtrace.profiler.ClassFilter;
import dev.jdtrace.profiler.JavaCommand;
import java.io.OutputStream;
import java.util.Set;
import java.util.TreeSet;

/**
 * The first pass of a run: launches the program once with no breakpoint, only class-prepare requests for
 * the traced classes ({@code SUSPEND_NONE}: nothing stops), and records which traced classes it prepares.
 * Only those are planned; a class that a later session prepares and the plan left out is the signal to
 * plan again (a run's class loading can depend on timing).
 */
public final class ClassLoadProbe {
  /**
   * What the first pass saw.
   *
   * @param classes binary names of the traced classes prepared, sorted (hidden classes such as lambda
   *     proxies included: they have no class file, so planning skips them)
   * @param exitCode the program's exit code
   * @param wallMillis launch to exit
   */
  public record Loaded(Set<String> classes, int exitCode, long wallMillis) {
    public Loaded {
      classes = Set.copyOf(classes);
    }
  }

  private ClassLoadProbe() {
  }

  /**
   * Runs the command once, its output discarded, and returns the traced classes it prepared.
   *
   * @throws TargetException when the target cannot be started
   */
  public static Loaded run(final JavaCommand command, final ClassFilter filter, final byte[] stdin) {
    final long start = System.nanoTime();
    try (TargetProcess target = TargetProcess.start(command.args(), stdin, OutputStream.nullOutputStream(),
        OutputStream.nullOutputStream())) {
      final VirtualMachine vm = JdiSession.attach("127.0.0.1", target.awaitPort());
      final Set<String> classes = new TreeSet<>();
      for (final String include : filter.includes()) {
        final ClassPrepareRequest r = vm.eventRequestManager().createClassPrepareRequest();
        r.addClassFilter(include);
        filter.excludes().forEach(r::addClassExclusionFilter);
        r.setSuspendPolicy(EventRequest.SUSPEND_NONE);
        r.enable();
      }
      for (final ReferenceType type : vm.allClasses()) {
        if (type.isPrepared() && filter.matches(type.name())) {
          classes.add(type.name());
        }
      }
      drain(vm, classes);
      return new Loaded(classes, target.waitFor(), (System.nanoTime() - start) / 1_000_000);
    } catch (final InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new TargetException("interrupted while running the program's first pass");
    }
  }

  /** Records class prepares until the target disconnects; the VM-start set is resumed as it comes. */
  private static void drain(final VirtualMachine vm, final Set<String> classes) throws InterruptedException {
    try {
      while (true) {
        final EventSet set = vm.eventQueue().remove();
        for (final Event event : set) {
          if (event instanceof ClassPrepareEvent cp) {
            classes.add(cp.referenceType().name());
          } else if (event instanceof VMDisconnectEvent) {
            return;
          }
        }
        if (set.suspendPolicy() != EventRequest.SUSPEND_NONE) {
          set.resume();
        }
      }
    } catch (final VMDisconnectedException e) {
      // The target is gone; every event before its exit has been drained.
    }
  }
}
