package dev.jdtrace.bench.stepping;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.jdi.Bootstrap;
import com.sun.jdi.Location;
import com.sun.jdi.ThreadReference;
import com.sun.jdi.VMDisconnectedException;
import com.sun.jdi.VirtualMachine;
import com.sun.jdi.connect.AttachingConnector;
import com.sun.jdi.connect.Connector;
import com.sun.jdi.connect.IllegalConnectorArgumentsException;
import com.sun.jdi.event.Event;
import com.sun.jdi.event.EventSet;
import com.sun.jdi.event.StepEvent;
import com.sun.jdi.event.ThreadDeathEvent;
import com.sun.jdi.event.ThreadStartEvent;
import com.sun.jdi.event.VMDeathEvent;
import com.sun.jdi.event.VMDisconnectEvent;
import com.sun.jdi.event.VMStartEvent;
import com.sun.jdi.request.EventRequest;
import com.sun.jdi.request.EventRequestManager;
import com.sun.jdi.request.StepRequest;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The line-stepping tracer: every thread steps line by line into every non-JDK method, each step suspends
 * its thread until the event is recorded and the thread resumed. Usage:
 * {@code LineStepper -o LOG [--stdin FILE] [--stats FILE] -- java ...}.
 */
public final class LineStepper {
  /** Excluded the way a hand-written tracer excludes the JDK. */
  static final List<String> EXCLUDED = List.of("java.*", "javax.*", "jdk.*", "sun.*", "com.sun.*");

  /**
   * What a run did.
   *
   * @param steps step events recorded
   * @param threads threads that stepped through traced code
   * @param exitCode the program's exit code
   * @param wallMillis launch to exit
   */
  public record Result(long steps, int threads, int exitCode, long wallMillis) {
  }

  private final VirtualMachine vm;
  private final EventRequestManager requests;
  private final StepLog log;
  private final Map<ThreadReference, StepRequest> stepping = new HashMap<>();
  /** Thread names at their first step: asking the target for every step would double the round trips. */
  private final Map<ThreadReference, String> names = new HashMap<>();

  private LineStepper(final VirtualMachine vm, final StepLog log) {
    this.vm = vm;
    this.requests = vm.eventRequestManager();
    this.log = log;
  }

  /** Traces one run of {@code javaCommand}, writing its steps to {@code out}. */
  public static Result run(final List<String> javaCommand, final byte[] stdin, final OutputStream out)
      throws IOException, InterruptedException {
    final long start = System.nanoTime();
    try (DebuggeeProcess target = DebuggeeProcess.launch(javaCommand, stdin); StepLog log = new StepLog(out)) {
      final VirtualMachine vm = attach(target.port());
      final LineStepper stepper = new LineStepper(vm, log);
      stepper.loop();
      final int exit = target.waitFor();
      return new Result(log.steps(), stepper.names.size(), exit, (System.nanoTime() - start) / 1_000_000);
    }
  }

  private void loop() throws IOException, InterruptedException {
    final var threadStart = requests.createThreadStartRequest();
    threadStart.setSuspendPolicy(EventRequest.SUSPEND_EVENT_THREAD);
    threadStart.enable();
    final var threadDeath = requests.createThreadDeathRequest();
    threadDeath.setSuspendPolicy(EventRequest.SUSPEND_NONE);
    threadDeath.enable();
    try {
      while (true) {
        final EventSet set = vm.eventQueue().remove();
        for (final Event event : set) {
          if (event instanceof StepEvent step) {
            record(step.thread(), step.location());
          } else if (event instanceof VMStartEvent) {
            vm.allThreads().forEach(this::startStepping);
          } else if (event instanceof ThreadStartEvent started) {
            startStepping(started.thread());
          } else if (event instanceof ThreadDeathEvent died) {
            final StepRequest r = stepping.remove(died.thread());
            if (r != null) {
              requests.deleteEventRequest(r);
            }
          } else if (event instanceof VMDeathEvent) {
            // Let go as jdtrace does: connected, the target's exit waits 0.3 s for the agent's reader thread.
            vm.dispose();
            return;
          } else if (event instanceof VMDisconnectEvent) {
            return;
          }
        }
        set.resume();
      }
    } catch (final VMDisconnectedException gone) {
      // The program ended.
    }
  }

  private void startStepping(final ThreadReference thread) {
    if (stepping.containsKey(thread)) {
      return;
    }
    final StepRequest r = requests.createStepRequest(thread, StepRequest.STEP_LINE, StepRequest.STEP_INTO);
    EXCLUDED.forEach(r::addClassExclusionFilter);
    r.setSuspendPolicy(EventRequest.SUSPEND_EVENT_THREAD);
    r.enable();
    stepping.put(thread, r);
  }

  private void record(final ThreadReference thread, final Location at) throws IOException {
    final String name = names.computeIfAbsent(thread, ThreadReference::name);
    log.step(name, at.declaringType().name(), at.method().name() + at.method().signature(), at.lineNumber());
  }

  private static VirtualMachine attach(final int port) throws IOException {
    final AttachingConnector connector = Bootstrap.virtualMachineManager().attachingConnectors().stream()
        .filter(c -> c.name().equals("com.sun.jdi.SocketAttach")).findFirst()
        .orElseThrow(() -> new IOException("this JDK has no com.sun.jdi.SocketAttach connector"));
    final Map<String, Connector.Argument> args = connector.defaultArguments();
    args.get("hostname").setValue("127.0.0.1");
    args.get("port").setValue(Integer.toString(port));
    try {
      return connector.attach(args);
    } catch (final IllegalConnectorArgumentsException e) {
      throw new IOException("cannot attach to port " + port + ": " + e.getMessage(), e);
    }
  }

  /** Command-line entry: {@code -o LOG [--stdin FILE] [--stats FILE] -- java ...}. */
  public static void main(final String[] args) throws Exception {
    Path log = null;
    Path stdin = null;
    Path stats = null;
    int i = 0;
    for (; i < args.length && !args[i].equals("--"); i += 2) {
      switch (args[i]) {
        case "-o" -> log = Path.of(args[i + 1]);
        case "--stdin" -> stdin = Path.of(args[i + 1]);
        case "--stats" -> stats = Path.of(args[i + 1]);
        default -> throw new IllegalArgumentException("unknown option " + args[i]);
      }
    }
    if (log == null || i >= args.length) {
      System.err.println("usage: LineStepper -o LOG [--stdin FILE] [--stats FILE] -- java ...");
      System.exit(2);
    }
    final List<String> command = new ArrayList<>(Arrays.asList(args).subList(i + 1, args.length));
    final Result r;
    try (OutputStream out = Files.newOutputStream(log)) {
      r = run(command, stdin == null ? new byte[0] : Files.readAllBytes(stdin), out);
    }
    System.err.printf("line-stepping: %d steps, %d thread(s), exit %d, %.2f s%n", r.steps(), r.threads(),
        r.exitCode(), r.wallMillis() / 1000.0);
    if (stats != null) {
      new ObjectMapper().writeValue(stats.toFile(), r);
    }
  }
}
