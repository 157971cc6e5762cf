package dev.jdtrace.driver;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Every process jdtrace launched (targets and triggers) that is still running, so that none outlives
 * jdtrace: {@link #killAll()} kills them with everything they started, and it runs on exit (Ctrl-C,
 * SIGTERM) through one shutdown hook. A process registered after that is killed at once, so a session
 * that was about to start cannot leave one behind. (SIGKILL runs no hook: targets are launched with a
 * parent-death signal for that, see the launcher.)
 */
public final class LaunchedProcesses {
  private static final Set<Process> RUNNING = new LinkedHashSet<>();
  private static boolean closed;

  static {
    Runtime.getRuntime().addShutdownHook(new Thread(LaunchedProcesses::killAll, "jdtrace-kill-launched"));
  }

  private LaunchedProcesses() {
  }

  /**
   * Registers a process just started.
   *
   * @throws TargetException when jdtrace is already stopping: the process is killed
   */
  public static void register(final Process process) {
    synchronized (RUNNING) {
      if (!closed) {
        RUNNING.add(process);
        return;
      }
    }
    kill(process);
    throw new TargetException("jdtrace is stopping: the program was not started");
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
