package dev.jdtrace.collect;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Every process jdtrace launched (targets and triggers) that is still running, so that none outlives
 * jdtrace: {@link #killAll()} kills them with everything they started, and it runs on exit (Ctrl-C,
 * SIGTERM) through one shutdown hook. Starting and registering are one step under the registry's lock,
 * so {@code killAll} never misses a process that was being started, and none starts after it. (SIGKILL runs no hook: targets are launched with a
 * parent-death signal for that, see the launcher.)
 */
public final class LaunchedProcesses {
  private static final Set<Process> RUNNING = new LinkedHashSet<>();
  private static boolean closed;
  /** Set by the shutdown hook before it kills anything (see {@link #exiting}). */
  private static volatile boolean exiting;

  static {
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      exiting = true;
      killAll();
    }, "jdtrace-kill-launched"));
  }

  private LaunchedProcesses() {
  }

  /**
   * Starts a process and registers it.
   *
   * @throws TargetException when jdtrace is already stopping
   * @throws IOException when the process cannot be started
   */
  public static Process start(final ProcessBuilder builder) throws IOException {
    synchronized (RUNNING) {
      if (closed) {
        throw new TargetException("jdtrace is stopping: " + builder.command().get(0) + " was not started");
      }
      final Process process = builder.start();
      RUNNING.add(process);
      return process;
    }
  }

  /**
   * Whether jdtrace's JVM is exiting and its shutdown hook has killed, or is killing, the launched programs. The
   * JVM runs shutdown hooks at once: on Ctrl-C this hook can kill a session's program before the interruption's
   * own hook has said anything, and the failure that follows is its consequence, not news.
   */
  public static boolean exiting() {
    return exiting;
  }

  /** Forgets a process that has ended or been killed by its owner. */
  public static void unregister(final Process process) {
    synchronized (RUNNING) {
      RUNNING.remove(process);
    }
  }

  /** Kills every registered process and what it started, waits a moment for them to go; later ones die at once. */
  public static void killAll() {
    final List<Process> all;
    synchronized (RUNNING) {
      closed = true;
      all = new ArrayList<>(RUNNING);
      RUNNING.clear();
    }
    all.forEach(LaunchedProcesses::kill);
    for (final Process p : all) {
      try {
        p.waitFor(5, TimeUnit.SECONDS);
      } catch (final InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  /**
   * Kills a process and its descendants with SIGKILL. The descendants are listed first: once their
   * parent is gone they are re-parented and could no longer be found, which is how a wrapper script's
   * child would be orphaned.
   */
  public static void kill(final Process process) {
    final List<ProcessHandle> descendants = process.descendants().toList();
    process.destroyForcibly();
    descendants.forEach(ProcessHandle::destroyForcibly);
  }
}
