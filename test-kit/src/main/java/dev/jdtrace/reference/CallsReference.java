package dev.jdtrace.reference;

import com.sun.jdi.Bootstrap;
import com.sun.jdi.Field;
import com.sun.jdi.LongValue;
import com.sun.jdi.Method;
import com.sun.jdi.ReferenceType;
import com.sun.jdi.ThreadReference;
import com.sun.jdi.VMDisconnectedException;
import com.sun.jdi.VirtualMachine;
import com.sun.jdi.connect.AttachingConnector;
import com.sun.jdi.connect.Connector;
import com.sun.jdi.event.Event;
import com.sun.jdi.event.EventSet;
import com.sun.jdi.event.MethodEntryEvent;
import com.sun.jdi.event.MethodExitEvent;
import com.sun.jdi.event.VMDisconnectEvent;
import com.sun.jdi.request.EventRequest;
import com.sun.jdi.request.EventRequestManager;
import com.sun.jdi.request.MethodEntryRequest;
import com.sun.jdi.request.MethodExitRequest;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.TimeoutException;

/**
 * Independent reference for calls: records every call and return of the traced classes' methods by JDI
 * {@code MethodEntry} and {@code MethodExit} events, and prints them as the {@code calls} export does, without the ordinals (which
 * count block entries, and this recorder sees none):
 * {@code thread \t call|return \t depth \t class \t methodName+descriptor}. It shares no code with jdtrace.
 *
 * <p>What it records, as the export does: methods with bytecode of classes with a class file on the command's
 * class path (the JDK's lambda proxies and other hidden classes are not traced); depth is the number of traced
 * frames under the frame (0 for a root frame); a thread's name is the one it had at its first traced call,
 * threads sharing a name are numbered {@code #2}, {@code #3}, ... in creation order. Frames still open when the
 * VM dies ({@code System.exit}, {@code halt}, a daemon thread cut off) never return: they are closed at the end,
 * innermost first, as the export closes them.
 *
 * <p>JDWP sends no {@code MethodExit} for a frame an exception pops. Every event therefore also reads the
 * thread's frame count: open traced frames at or above the depth of a frame now entered, or above the depth of
 * a frame now returning, were popped by an exception since the thread's previous event, and return there,
 * innermost first. Slow (the JVM interprets every method while method events are
 * requested, and every event suspends its thread): for small programs.
 */
public final class CallsReference {
    private final List<String> command;
    private final List<String> prefixes;
    private final byte[] stdin;
    private final ClassFileFinder finder;
    private final Map<ReferenceType, Boolean> traced = new HashMap<>();
    private final Map<ThreadReference, Calls> threads = new LinkedHashMap<>();
    private Field tid;

    private CallsReference(final List<String> command, final List<String> includePrefixes, final byte[] stdin) {
        this.command = List.copyOf(command);
        this.prefixes = includePrefixes.stream().map(p -> p.endsWith("*") ? p.substring(0, p.length() - 1) : p)
                .toList();
        this.stdin = stdin;
        this.finder = ClassFileFinder.fromCommand(command, Path.of("").toAbsolutePath());
    }

    /**
     * The calls and returns of the traced classes' methods in a run of {@code javaCommand}, each thread's lines
     * contiguous and in order, threads in the order of their first traced call.
     *
     * @param javaCommand the command, starting with the java executable
     * @param includePrefixes binary class-name prefixes of the traced classes; a trailing {@code *} is ignored
     * @param stdin bytes written to the program's standard input, which is then closed
     */
    public static List<String> trace(final List<String> javaCommand, final List<String> includePrefixes,
                                     final byte[] stdin) throws Exception {
        if (includePrefixes.isEmpty()) {
            throw new IllegalArgumentException("no include prefixes");
        }
        return new CallsReference(javaCommand, includePrefixes, stdin).run(Duration.ofMinutes(5));
    }

    private List<String> run(final Duration timeout) throws Exception {
        final long deadline = System.nanoTime() + timeout.toNanos();
        try (TargetProcess target = TargetProcess.launch(command, stdin, Path.of("").toAbsolutePath(),
                Duration.ofSeconds(30))) {
            final VirtualMachine vm = attach(target.port());
            try {
                final EventRequestManager requests = vm.eventRequestManager();
                for (final String prefix : prefixes) {
                    final MethodEntryRequest entry = requests.createMethodEntryRequest();
                    entry.addClassFilter(prefix + "*");
                    entry.setSuspendPolicy(EventRequest.SUSPEND_EVENT_THREAD);
                    entry.enable();
                    final MethodExitRequest exit = requests.createMethodExitRequest();
                    exit.addClassFilter(prefix + "*");
                    exit.setSuspendPolicy(EventRequest.SUSPEND_EVENT_THREAD);
                    exit.enable();
                }
                vm.resume();
                eventLoop(vm, deadline);
            } finally {
                try {
                    vm.dispose();
                } catch (final VMDisconnectedException e) {
                    // Already gone.
                }
            }
            final OptionalInt exit = target.waitFor(Duration.ofNanos(Math.max(1, deadline - System.nanoTime())));
            if (exit.isEmpty()) {
                throw new TimeoutException("the target did not exit within " + timeout);
            }
            return lines();
        }
    }

    private static VirtualMachine attach(final int port) throws Exception {
        final AttachingConnector connector = Bootstrap.virtualMachineManager().attachingConnectors().stream()
                .filter(c -> c.name().equals("com.sun.jdi.SocketAttach")).findFirst()
                .orElseThrow(() -> new IllegalStateException("no com.sun.jdi.SocketAttach connector"));
        final Map<String, Connector.Argument> args = connector.defaultArguments();
        args.get("hostname").setValue("127.0.0.1");
        args.get("port").setValue(Integer.toString(port));
        return connector.attach(args);
    }

    private void eventLoop(final VirtualMachine vm, final long deadline) throws Exception {
        while (true) {
            if (System.nanoTime() > deadline) {
                throw new TimeoutException("recording calls did not finish in time");
            }
            final EventSet set;
            try {
                set = vm.eventQueue().remove(500);
            } catch (final VMDisconnectedException e) {
                return;
            }
            if (set == null) {
                continue;
            }
            for (final Event event : set) {
                if (event instanceof MethodEntryEvent entry && isTraced(entry.method())) {
                    threads.computeIfAbsent(entry.thread(), t -> new Calls(t.name(), threadId(vm, t)))
                            .enter(entry.method(), entry.thread().frameCount());
                } else if (event instanceof MethodExitEvent exit && isTraced(exit.method())) {
                    final Calls calls = threads.get(exit.thread());
                    if (calls == null) {
                        throw new IllegalStateException("a method returned on a thread that entered none: "
                                + signature(exit.method()));
                    }
                    calls.exit(exit.method(), exit.thread().frameCount());
                } else if (event instanceof VMDisconnectEvent) {
                    return;
                }
            }
            set.resume();
        }
    }

    /** Whether jdtrace traces the method: it has bytecode, and its class has a class file on the class path. */
    private boolean isTraced(final Method method) {
        if (method.isNative() || method.isAbstract()) {
            return false;
        }
        final ReferenceType type = method.declaringType();
        return traced.computeIfAbsent(type, t -> prefixes.stream().anyMatch(t.name()::startsWith)
                && finder.find(t.name()).isPresent());
    }

    private long threadId(final VirtualMachine vm, final ThreadReference thread) {
        if (tid == null) {
            tid = vm.classesByName("java.lang.Thread").get(0).fieldByName("tid");
        }
        return thread.getValue(tid) instanceof LongValue id ? id.value() : Long.MAX_VALUE;
    }

    private static String signature(final Method method) {
        return method.declaringType().name() + '\t' + method.name() + method.signature();
    }

    /** The lines of every thread; threads sharing a name numbered by creation order. */
    private List<String> lines() {
        final Map<String, List<Calls>> byName = new HashMap<>();
        threads.values().forEach(c -> byName.computeIfAbsent(c.name, n -> new ArrayList<>()).add(c));
        final Map<Calls, String> names = new HashMap<>();
        for (final List<Calls> same : byName.values()) {
            final List<Calls> ordered = new ArrayList<>(same);
            ordered.sort(Comparator.comparingLong(c -> c.id));
            for (int i = 0; i < ordered.size(); i++) {
                names.put(ordered.get(i), i == 0 ? ordered.get(i).name : ordered.get(i).name + "#" + (i + 1));
            }
        }
        final List<String> lines = new ArrayList<>();
        for (final Calls calls : threads.values()) {
            calls.closeOpenFrames();
            calls.lines.forEach(l -> lines.add(names.get(calls) + '\t' + l));
        }
        return lines;
    }

    /** One thread's calls and returns, and its open traced frames. */
    private static final class Calls {
        final String name;
        final long id;
        final List<String> lines = new ArrayList<>();
        final List<Method> open = new ArrayList<>();
        /** The thread's frame count with each open frame on top. */
        final List<Integer> depths = new ArrayList<>();

        Calls(final String name, final long id) {
            this.name = name;
            this.id = id;
        }

        /** A call of a method whose frame is the {@code frames}-th of the thread's stack. */
        void enter(final Method method, final int frames) {
            unwindTo(frames - 1);
            lines.add("call\t" + open.size() + '\t' + signature(method));
            open.add(method);
            depths.add(frames);
        }

        /** The return of a method whose frame is the {@code frames}-th of the thread's stack. */
        void exit(final Method method, final int frames) {
            unwindTo(frames);
            final Method top = open.isEmpty() ? null : open.get(open.size() - 1);
            if (!method.equals(top) || depths.get(depths.size() - 1) != frames) {
                throw new IllegalStateException("the JVM returned from " + signature(method) + " but the innermost "
                        + "traced frame was " + (top == null ? "none" : signature(top)));
            }
            pop();
        }

        /** Returns from the open frames deeper than {@code frames}: an exception popped them. */
        private void unwindTo(final int frames) {
            while (!open.isEmpty() && depths.get(depths.size() - 1) > frames) {
                pop();
            }
        }

        private void pop() {
            final Method top = open.remove(open.size() - 1);
            depths.remove(depths.size() - 1);
            lines.add("return\t" + open.size() + '\t' + signature(top));
        }

        void closeOpenFrames() {
            unwindTo(0);
        }
    }
}
