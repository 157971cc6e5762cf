package dev.jdtrace.collect.internal;

import com.sun.jdi.ThreadReference;
import com.sun.jdi.VirtualMachine;
import com.sun.jdi.event.EventSet;
import com.sun.jdi.event.VMStartEvent;
import com.sun.jdi.request.EventRequest;
import dev.jdtrace.collect.Endpoint;
import dev.jdtrace.collect.ProgramNotStartedException;
import dev.jdtrace.collect.TargetException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Attaches to a running JVM's JDWP agent and tells the user, in one line, why it could not. Measured on
 * JDK 17: a closed port and an agent already serving another debugger both refuse the connection (the
 * agent stops listening while it has a debugger), so they cannot be told apart; a peer that answers the
 * handshake with anything else fails it at once; a peer that answers nothing would hang the handshake
 * forever, since the socket connector's timeout covers only the connect, so the attach runs on a daemon
 * thread that is given up after a bound.
 */
public final class Attacher {
  /** How long a connect plus handshake may take. */
  static final long TIMEOUT_MILLIS = 10_000;
  /** How long the first attach waits for the start event of a target held at its start. */
  static final long HELD_WAIT_MILLIS = 300;
  /** How long an agent gets to listen again after the previous session detached. */
  static final long RELISTEN_MILLIS = 5_000;
  /** When this process last detached from each target: its agent may not listen again at once. */
  private static final Map<Endpoint, Long> DETACHED_AT = new ConcurrentHashMap<>();
  /**
   * Targets this process found held at their start ({@code suspend=y}). One connection cannot be kept from
   * the plan's attach to a session's (the agent serves one debugger, and {@code dispose()} resumes every
   * thread), so the first detach lets such a target run before any breakpoint is set: the caller says so.
   */
  private static final Set<Endpoint> RELEASED = ConcurrentHashMap.newKeySet();

  private Attacher() {
  }

  /**
   * Attaches. A refused connection is retried for a while only when this process detached from the target
   * shortly before; otherwise a closed port is reported at once.
   *
   * @throws TargetException when nothing, or no free JDWP agent, answers there
   * @throws IllegalArgumentException when the host is unknown
   */
  public static VirtualMachine attach(final Endpoint target) {
    final Long detached = DETACHED_AT.get(target);
    final long giveUp = detached == null ? System.nanoTime() : detached + RELISTEN_MILLIS * 1_000_000;
    while (true) {
      try {
        final VirtualMachine vm = attachOnce(target);
        // Only the first attach of this process can find the target still held at its start.
        if (detached == null && heldAtStart(vm)) {
          RELEASED.add(target);
        }
        return vm;
      } catch (final TargetException e) {
        if (!(e.getCause() instanceof ConnectException) || System.nanoTime() > giveUp) {
          throw e;
        }
      }
      try {
        Thread.sleep(100);
      } catch (final InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new TargetException("interrupted while attaching to " + target);
      }
    }
  }

  /** Whether an attach of this process found the target held at its start ({@code suspend=y}) and let it run. */
  public static boolean released(final Endpoint target) {
    return RELEASED.contains(target);
  }

  /**
   * Whether the agent held the VM at its start until a debugger came ({@code suspend=y}): it then sends the
   * VM start event with every thread suspended, an instant after the handshake, and a running JVM sends none.
   * Every thread already suspended says so at once; otherwise the event is awaited briefly (a look at the
   * threads alone raced the agent's suspension of them on a loaded machine).
   */
  private static boolean heldAtStart(final VirtualMachine vm) {
    final List<ThreadReference> threads = vm.allThreads();
    if (!threads.isEmpty() && threads.stream().allMatch(ThreadReference::isSuspended)) {
      return true;
    }
    try {
      final EventSet set = vm.eventQueue().remove(HELD_WAIT_MILLIS);
      return set != null && set.suspendPolicy() == EventRequest.SUSPEND_ALL
          && set.stream().anyMatch(e -> e instanceof VMStartEvent);
    } catch (final InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new TargetException("interrupted while attaching");
    }
  }

  /** Disconnects, leaving the target running, and remembers when, for the next attach. */
  public static void detach(final Endpoint target, final VirtualMachine vm) {
    try {
      vm.dispose();
    } finally {
      DETACHED_AT.put(target, System.nanoTime());
    }
  }

  private static VirtualMachine attachOnce(final Endpoint target) {
    final CompletableFuture<VirtualMachine> vm = new CompletableFuture<>();
    final Thread attaching = new Thread(() -> {
      try {
        // Through a buffer, as launched sessions: each hit the service pays for is read in fewer calls (JdiSession).
        final VirtualMachine attached = BufferedConnection.attach(target.host(), target.port(), (int) TIMEOUT_MILLIS);
        if (!vm.complete(attached)) {
          attached.dispose(); // too late: the attach was given up, and the service must not stay connected
        }
      } catch (final IOException | RuntimeException e) {
        vm.completeExceptionally(e);
      }
    }, "jdtrace-attach-" + target);
    attaching.setDaemon(true);
    attaching.start();
    try {
      return vm.get(TIMEOUT_MILLIS + 2_000, TimeUnit.MILLISECONDS);
    } catch (final TimeoutException e) {
      vm.cancel(false);
      throw new ProgramNotStartedException(target + " accepted the connection but sent no JDWP handshake within "
          + TIMEOUT_MILLIS / 1000 + " s: it is not a JDWP debug port");
    } catch (final InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new TargetException("interrupted while attaching to " + target);
    } catch (final ExecutionException e) {
      throw explain(target, e.getCause());
    }
  }

  private static RuntimeException explain(final Endpoint target, final Throwable e) {
    if (e instanceof UnknownHostException) {
      return new IllegalArgumentException("unknown host in " + target + ": " + e.getMessage());
    }
    if (e instanceof ConnectException) {
      return new ProgramNotStartedException("cannot attach to " + target + ": connection refused: no JVM listens there, or "
          + "its JDWP agent already serves another debugger (it takes one at a time)", e);
    }
    final String why = String.valueOf(e.getMessage());
    if (why.contains("handshake")) {
      return new ProgramNotStartedException("cannot attach to " + target + ": it does not speak JDWP (" + why + "); give the "
          + "port of -agentlib:jdwp=transport=dt_socket,server=y,...", e);
    }
    return new ProgramNotStartedException("cannot attach to " + target + ": " + why, e);
  }
}
