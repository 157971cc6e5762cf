package dev.jdtrace.reference;

import com.sun.jdi.Bootstrap;
import com.sun.jdi.Field;
import com.sun.jdi.IncompatibleThreadStateException;
import com.sun.jdi.Location;
import com.sun.jdi.LongValue;
import com.sun.jdi.Method;
import com.sun.jdi.ReferenceType;
import com.sun.jdi.ThreadReference;
import com.sun.jdi.VMDisconnectedException;
import com.sun.jdi.VirtualMachine;
import com.sun.jdi.connect.AttachingConnector;
import com.sun.jdi.connect.Connector;
import com.sun.jdi.event.BreakpointEvent;
import com.sun.jdi.event.ClassPrepareEvent;
import com.sun.jdi.event.Event;
import com.sun.jdi.event.EventSet;
import com.sun.jdi.event.LocatableEvent;
import com.sun.jdi.event.MethodExitEvent;
import com.sun.jdi.event.StepEvent;
import com.sun.jdi.event.VMDisconnectEvent;
import com.sun.jdi.request.BreakpointRequest;
import com.sun.jdi.request.ClassPrepareRequest;
import com.sun.jdi.request.EventRequest;
import com.sun.jdi.request.EventRequestManager;
import com.sun.jdi.request.MethodExitRequest;
import com.sun.jdi.request.StepRequest;
import dev.jdtrace.reference.SteppingReference.Options;
import dev.jdtrace.reference.SteppingReference.Result;
import dev.jdtrace.reference.SteppingReference.Stats;
import dev.jdtrace.reference.SteppingReference.Stepping;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeoutException;
import org.apache.bcel.classfile.ClassParser;
import org.apache.bcel.classfile.Code;
import org.apache.bcel.classfile.CodeException;
import org.apache.bcel.classfile.JavaClass;

/**
 * One reference run: launch, attach, prepare classes, single-step, collect. Not thread-safe; used once.
 */
final class SteppingSession {

    /** {@code -Dreference.debug=true} prints every breakpoint-only arrival to standard error. */
    private static final boolean DEBUG = Boolean.getBoolean("reference.debug");

    /** JDK packages excluded from stepping when the include prefixes share no common prefix. */
    private static final List<String> JDK_PREFIXES = List.of("java.", "javax.", "jdk.", "sun.", "com.sun.");

    private final List<String> command;
    private final List<String> prefixes;
    private final byte[] stdin;
    private final Options options;
    private final ClassFileFinder finder;

    private VirtualMachine vm;
    private Field tidField;
    private EventRequestManager requests;
    private final Map<ReferenceType, Map<Method, BytecodeLeaders>> traced = new HashMap<>();
    /** The bytecode of every traced method, as the JVM reports it. */
    private final Map<Method, byte[]> bytecodes = new HashMap<>();
    private final Set<ReferenceType> seenTypes = new HashSet<>();
    private final List<String> skipped = new ArrayList<>();
    private final Set<ThreadReference> steppingThreads = new HashSet<>();
    private final Map<ThreadReference, ThreadTrace> threads = new LinkedHashMap<>();
    /** Per thread: its previous arrival, to recognise the second half of an arrival split over two sets. */
    private final Map<ThreadReference, Arrival> lastArrival = new HashMap<>();
    /** Per thread: the location of the last step or breakpoint event it reported (HotSpot's "current location"). */
    private final Map<ThreadReference, Location> lastEventLocation = new HashMap<>();
    /** Per thread: a return-site arrival HotSpot will not report, recorded unless an event shows up after all. */
    private final Map<ThreadReference, Expected> expectedReturns = new HashMap<>();
    private final Map<String, Integer> breakpointOnlyMethods = new TreeMap<>();
    private long stepEvents;
    private long breakpointEvents;
    private long splitArrivals;
    private long stepOnlyLeaderArrivals;
    private long breakpointOnlyArrivals;
    private long unreportedReturnArrivals;

    SteppingSession(final List<String> command, final List<String> includePrefixes, final byte[] stdin,
                    final Options options) {
        this.command = List.copyOf(command);
        this.prefixes = includePrefixes.stream()
                .map(p -> p.endsWith("*") ? p.substring(0, p.length() - 1) : p)
                .toList();
        this.stdin = stdin;
        this.options = options;
        this.finder = ClassFileFinder.fromCommand(command, options.workingDirectory());
    }

    Result run() throws Exception {
        final long start = System.nanoTime();
        final long deadline = start + options.timeout().toNanos();
        try (TargetProcess target = TargetProcess.launch(command, stdin, options.workingDirectory(),
                Duration.ofSeconds(30))) {
            try {
                vm = attach(target.port());
                requests = vm.eventRequestManager();
                for (final String prefix : prefixes) {
                    final ClassPrepareRequest prepare = requests.createClassPrepareRequest();
                    prepare.addClassFilter(prefix + "*");
                    prepare.setSuspendPolicy(EventRequest.SUSPEND_ALL);
                    prepare.enable();
                    final MethodExitRequest exit = requests.createMethodExitRequest();
                    exit.addClassFilter(prefix + "*");
                    exit.setSuspendPolicy(EventRequest.SUSPEND_EVENT_THREAD);
                    exit.enable();
                }
                for (final ReferenceType type : vm.allClasses()) {
                    if (type.isPrepared()) {
                        prepare(type);
                    }
                }
                eventLoop(deadline);
            } finally {
                if (vm != null) {
                    try {
                        vm.dispose();
                    } catch (VMDisconnectedException e) {
                        // Already gone.
                    }
                }
            }
            final long left = Math.max(1, deadline - System.nanoTime());
            final OptionalInt exit = target.waitFor(Duration.ofNanos(left));
            if (exit.isEmpty()) {
                throw new TimeoutException("the target did not exit within " + options.timeout());
            }
            final List<String> lines = lines();
            final List<String> onlyBreakpoints = breakpointOnlyMethods.entrySet().stream()
                    .filter(e -> e.getValue() > 0).map(Map.Entry::getKey).toList();
            final Stats stats = new Stats(stepEvents, breakpointEvents, lines.size(), traced.size(), skipped,
                    splitArrivals, stepOnlyLeaderArrivals, breakpointOnlyArrivals, onlyBreakpoints,
                    unreportedReturnArrivals, Duration.ofNanos(System.nanoTime() - start));
            return new Result(lines, target.stdout(), target.stderr(), exit.getAsInt(), stats);
        }
    }

    private static VirtualMachine attach(final int port) throws Exception {
        final AttachingConnector connector = Bootstrap.virtualMachineManager().attachingConnectors().stream()
                .filter(c -> c.name().equals("com.sun.jdi.SocketAttach"))
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("no com.sun.jdi.SocketAttach connector"));
        final Map<String, Connector.Argument> args = connector.defaultArguments();
        args.get("hostname").setValue("127.0.0.1");
        args.get("port").setValue(Integer.toString(port));
        if (args.containsKey("timeout")) {
            args.get("timeout").setValue("30000");
        }
        return connector.attach(args);
    }

    private void eventLoop(final long deadline) throws InterruptedException, TimeoutException {
        while (true) {
            if (System.nanoTime() > deadline) {
                throw new TimeoutException("tracing did not finish within " + options.timeout());
            }
            final EventSet set;
            try {
                set = vm.eventQueue().remove(500);
            } catch (VMDisconnectedException e) {
                flushExpectedReturns();
                return;
            }
            if (set == null) {
                continue;
            }
            final Map<ThreadReference, List<LocatableEvent>> located = new LinkedHashMap<>();
            final List<MethodExitEvent> exits = new ArrayList<>();
            boolean disconnected = false;
            for (final Event event : set) {
                if (event instanceof ClassPrepareEvent prepared) {
                    prepare(prepared.referenceType());
                } else if (event instanceof BreakpointEvent || event instanceof StepEvent) {
                    final LocatableEvent le = (LocatableEvent) event;
                    located.computeIfAbsent(le.thread(), t -> new ArrayList<>()).add(le);
                } else if (event instanceof MethodExitEvent exit) {
                    exits.add(exit);
                } else if (event instanceof VMDisconnectEvent) {
                    disconnected = true;
                }
            }
            located.forEach(this::onArrival);
            exits.forEach(this::onMethodExit);   // a method exits after the arrival at its return instruction
            if (disconnected) {
                flushExpectedReturns();
                return;
            }
            try {
                set.resume();
            } catch (VMDisconnectedException e) {
                flushExpectedReturns();
                return;
            }
        }
    }

    /** The events of one thread in one event set: one arrival at one location, counted once. */
    private void onArrival(final ThreadReference thread, final List<LocatableEvent> events) {
        boolean hasStep = false;
        boolean hasBreakpoint = false;
        for (final LocatableEvent e : events) {
            if (e instanceof StepEvent) {
                hasStep = true;
                stepEvents++;
            } else {
                hasBreakpoint = true;
                breakpointEvents++;
            }
        }
        final Location location = events.get(0).location();
        for (final LocatableEvent e : events) {
            if (!sameLocation(e.location(), location)) {
                throw new IllegalStateException("one event set holds two locations for thread " + thread.name()
                        + ": " + location + " and " + e.location());
            }
        }
        final boolean wasStepping = steppingThreads.contains(thread);
        if (!wasStepping) {
            startStepping(thread);
        }
        final Expected expected = expectedReturns.remove(thread);
        if (expected != null) {
            if (sameLocation(expected.location(), location) && frameCount(thread) == expected.depth()) {
                // HotSpot reported the return-site arrival after all: count it here, once.
                if (DEBUG) {
                    System.err.println("expected return arrival reported: " + thread.name() + " " + location);
                }
            } else {
                recordUnreportedReturn(thread, expected);
            }
        }
        lastEventLocation.put(thread, location);
        final Arrival previous = lastArrival.remove(thread);
        final BytecodeLeaders leaders = leadersAt(location);
        final int bci = (int) location.codeIndex();
        // Only halves are merged, and only at a leader does a wrong merge lose a block entry: there the frame
        // tells the other half of one arrival (same frame) from a new arrival in another frame.
        final boolean atLeader = leaders != null && leaders.isLeader(bci);
        final int depth = hasStep != hasBreakpoint && atLeader ? frameCount(thread) : -1;
        if (previous != null && previous.isHalf() && hasStep != hasBreakpoint && previous.step() != hasStep
                && sameLocation(previous.location(), location) && previous.depth() == depth) {
            // The other half of the previous arrival, delivered in its own event set: already counted.
            splitArrivals++;
            if (previous.counted() == Mismatch.STEP_ONLY) {
                stepOnlyLeaderArrivals--;
            } else if (previous.counted() == Mismatch.BREAKPOINT_ONLY) {
                breakpointOnlyArrivals--;
                breakpointOnlyMethods.merge(methodName(location), -1, Integer::sum);
            }
            return;
        }
        Mismatch mismatch = Mismatch.NONE;
        if (leaders != null && leaders.isLeader(bci)) {
            if (hasStep && !hasBreakpoint && (options.leaderBreakpoints() || bci == 0)) {
                stepOnlyLeaderArrivals++;
                mismatch = Mismatch.STEP_ONLY;
            }
            if (hasBreakpoint && !hasStep && wasStepping) {
                breakpointOnlyArrivals++;
                breakpointOnlyMethods.merge(methodName(location), 1, Integer::sum);
                mismatch = Mismatch.BREAKPOINT_ONLY;
                if (DEBUG) {
                    System.err.println("breakpoint without step: " + thread.name() + " " + location);
                }
            }
        }
        lastArrival.put(thread, new Arrival(location, hasStep, hasBreakpoint, depth, mismatch));
        if (leaders == null || !leaders.isLeader(bci)) {
            return;                      // untraced code, or inside a block
        }
        record(thread, location, leaders);
    }

    private void record(final ThreadReference thread, final Location location, final BytecodeLeaders leaders) {
        final int bci = (int) location.codeIndex();
        final ThreadTrace trace = threads.computeIfAbsent(thread, t -> new ThreadTrace(t.name(), threadId(t)));
        trace.lines.add(location.declaringType().name() + '\t' + location.method().name()
                + location.method().signature() + '\t' + bci + '\t' + leaders.blockEnd(bci));
    }

    /**
     * A traced method is about to return. HotSpot's JVMTI ({@code JvmtiEnvThreadState::
     * compare_and_set_current_location}) keeps, per thread, the method and bytecode index of the last
     * single-step or breakpoint it considered, and drops a single step at that same method and index
     * (and a breakpoint too once both were posted there), whatever the frame. So when a method returns
     * from a {@code *return} at index R into a caller frame of the same method whose return site (the
     * instruction after its invoke) is R, as in {@code return f(n - 1)}, the caller's arrival at R is not
     * reported at all. Detect exactly that case here and expect the arrival: it is recorded when the
     * thread's next event shows it was not reported ({@link #recordUnreportedReturn}).
     */
    private void onMethodExit(final MethodExitEvent exit) {
        final ThreadReference thread = exit.thread();
        final Expected pending = expectedReturns.remove(thread);
        if (pending != null) {
            recordUnreportedReturn(thread, pending);   // the caller went on to exit without another event
        }
        final Location location = exit.location();
        final Location last = lastEventLocation.get(thread);
        if (last == null || !sameLocation(last, location)) {
            return;                      // the next instruction cannot repeat HotSpot's current location
        }
        final BytecodeLeaders leaders = leadersAt(location);
        final byte[] code = bytecodes.get(location.method());
        final int bci = (int) location.codeIndex();
        if (leaders == null || code == null || !leaders.isLeader(bci) || !isReturn(code[bci] & 0xff)) {
            return;                      // not a normal return from a return site
        }
        try {
            final int depth = thread.frameCount();
            if (depth < 2) {
                return;
            }
            final Location caller = thread.frame(1).location();
            if (caller.method().equals(location.method()) && caller.codeIndex() >= 0
                    && caller.codeIndex() + BytecodeLeaders.length(code, (int) caller.codeIndex()) == bci) {
                expectedReturns.put(thread, new Expected(location, depth - 1));
            }
        } catch (IncompatibleThreadStateException e) {
            throw new IllegalStateException("thread " + thread.name() + " is not suspended at a method exit", e);
        }
    }

    /** Records the return-site arrival of {@code expected}, which HotSpot did not report. */
    private void recordUnreportedReturn(final ThreadReference thread, final Expected expected) {
        unreportedReturnArrivals++;
        if (DEBUG) {
            System.err.println("unreported return arrival: " + thread.name() + " " + expected.location()
                    + " depth " + expected.depth());
        }
        // HotSpot's current location stays where it was; an arrival, not a half to merge with.
        lastArrival.put(thread, new Arrival(expected.location(), true, true, -1, Mismatch.NONE));
        record(thread, expected.location(), leadersAt(expected.location()));
    }

    /** At the end: a caller frame that was returned into did arrive at its return site. */
    private void flushExpectedReturns() {
        for (final Map.Entry<ThreadReference, Expected> e : new ArrayList<>(expectedReturns.entrySet())) {
            recordUnreportedReturn(e.getKey(), e.getValue());
        }
        expectedReturns.clear();
    }

    private static boolean isReturn(final int opcode) {
        return opcode >= 0xac && opcode <= 0xb1;   // ireturn .. return
    }

    private static int frameCount(final ThreadReference thread) {
        try {
            return thread.frameCount();
        } catch (IncompatibleThreadStateException e) {
            throw new IllegalStateException("thread " + thread.name() + " is not suspended at an event", e);
        }
    }

    /** The leaders of the method of {@code location}, or null when it is not traced. */
    private BytecodeLeaders leadersAt(final Location location) {
        final Map<Method, BytecodeLeaders> methods = traced.get(location.declaringType());
        return methods == null ? null : methods.get(location.method());
    }

    private static String methodName(final Location location) {
        return location.declaringType().name() + '.' + location.method().name() + location.method().signature();
    }

    private void startStepping(final ThreadReference thread) {
        final StepRequest step = requests.createStepRequest(thread, StepRequest.STEP_MIN, StepRequest.STEP_INTO);
        if (options.stepping() == Stepping.FILTERED) {
            final String common = commonPrefix(prefixes);
            if (!common.isEmpty()) {
                step.addClassFilter(common + "*");
            } else {
                for (final String jdk : JDK_PREFIXES) {
                    if (prefixes.stream().noneMatch(p -> p.startsWith(jdk) || jdk.startsWith(p))) {
                        step.addClassExclusionFilter(jdk + "*");
                    }
                }
            }
        }
        step.setSuspendPolicy(EventRequest.SUSPEND_EVENT_THREAD);
        step.enable();
        steppingThreads.add(thread);
    }

    private void prepare(final ReferenceType type) {
        if (!seenTypes.add(type) || !included(type.name())) {
            return;
        }
        final byte[] classFile = finder.find(type.name()).orElse(null);
        if (classFile == null) {
            skipped.add(type.name());
            return;
        }
        final Map<String, Code> codes = parseCodes(type.name(), classFile);
        final Map<Method, BytecodeLeaders> methods = new HashMap<>();
        for (final Method method : type.methods()) {
            if (method.isAbstract() || method.isNative()) {
                continue;
            }
            final byte[] bytecodes = method.bytecodes();
            final Code code = codes.get(method.name() + method.signature());
            if (code == null || !Arrays.equals(code.getCode(), bytecodes)) {
                throw new IllegalStateException("the class file of " + type.name() + " on the class path does not"
                        + " match the loaded class at " + method.name() + method.signature());
            }
            final int[] handlers = Arrays.stream(code.getExceptionTable()).mapToInt(CodeException::getHandlerPC)
                    .toArray();
            final BytecodeLeaders leaders = BytecodeLeaders.of(bytecodes, handlers);
            methods.put(method, leaders);
            this.bytecodes.put(method, bytecodes);
            for (final int leader : options.leaderBreakpoints() ? leaders.leaders() : new int[] {0}) {
                final BreakpointRequest breakpoint = requests.createBreakpointRequest(method.locationOfCodeIndex(leader));
                breakpoint.setSuspendPolicy(EventRequest.SUSPEND_EVENT_THREAD);
                breakpoint.enable();
            }
        }
        traced.put(type, methods);
    }

    private boolean included(final String name) {
        return prefixes.stream().anyMatch(name::startsWith);
    }

    private static Map<String, Code> parseCodes(final String name, final byte[] classFile) {
        final JavaClass parsed;
        try {
            parsed = new ClassParser(new ByteArrayInputStream(classFile), name.replace('.', '/') + ".class").parse();
        } catch (IOException e) {
            throw new IllegalStateException("cannot parse the class file of " + name, e);
        }
        final Map<String, Code> codes = new HashMap<>();
        for (final org.apache.bcel.classfile.Method m : parsed.getMethods()) {
            if (m.getCode() != null) {
                codes.put(m.getName() + m.getSignature(), m.getCode());
            }
        }
        return codes;
    }

    /**
     * The export lines: threads in the order of their first traced block; threads sharing a name are
     * numbered {@code #2}, {@code #3}, ... in the order of their {@code Thread} ids, i.e. creation order,
     * which is deterministic even when same-named threads race to their first block.
     */
    private List<String> lines() {
        final Map<String, List<ThreadTrace>> byName = new HashMap<>();
        for (final ThreadTrace trace : threads.values()) {
            byName.computeIfAbsent(trace.name, n -> new ArrayList<>()).add(trace);
        }
        final Map<ThreadTrace, String> uniqueNames = new HashMap<>();
        for (final List<ThreadTrace> sameName : byName.values()) {
            final List<ThreadTrace> ordered = new ArrayList<>(sameName);
            ordered.sort(java.util.Comparator.comparingLong(t -> t.id));   // stable: first-block order on ties
            for (int i = 0; i < ordered.size(); i++) {
                uniqueNames.put(ordered.get(i), i == 0 ? ordered.get(i).name : ordered.get(i).name + "#" + (i + 1));
            }
        }
        final List<String> lines = new ArrayList<>();
        for (final ThreadTrace trace : threads.values()) {
            final String name = uniqueNames.get(trace);
            for (final String line : trace.lines) {
                lines.add(name + '\t' + line);
            }
        }
        return lines;
    }

    /** The {@code java.lang.Thread.tid} of a suspended thread, or {@code Long.MAX_VALUE} if unavailable. */
    private long threadId(final ThreadReference thread) {
        if (tidField == null) {
            final List<ReferenceType> types = vm.classesByName("java.lang.Thread");
            final Field field = types.isEmpty() ? null : types.get(0).fieldByName("tid");
            if (field == null) {
                return Long.MAX_VALUE;
            }
            tidField = field;
        }
        return thread.getValue(tidField) instanceof LongValue id ? id.value() : Long.MAX_VALUE;
    }

    static String commonPrefix(final List<String> strings) {
        String common = strings.get(0);
        for (final String s : strings) {
            int i = 0;
            while (i < common.length() && i < s.length() && common.charAt(i) == s.charAt(i)) {
                i++;
            }
            common = common.substring(0, i);
        }
        return common;
    }

    private static boolean sameLocation(final Location a, final Location b) {
        return a.codeIndex() == b.codeIndex() && a.method().equals(b.method());
    }

    /** Which disagreement between the two mechanisms an arrival was counted as. */
    private enum Mismatch { NONE, STEP_ONLY, BREAKPOINT_ONLY }

    /**
     * One arrival of a thread at a location, which events reported it, its frame count (only for halves at
     * a leader: the other half of a split arrival is in the same frame; -1 otherwise), and how it was
     * counted.
     */
    private record Arrival(Location location, boolean step, boolean breakpoint, int depth, Mismatch counted) {
        boolean isHalf() {
            return step != breakpoint;
        }
    }

    /** A return-site arrival HotSpot will not report: the caller frame's location and frame count. */
    private record Expected(Location location, int depth) {
    }

    /** The block entries of one thread, in execution order, and its name at the first one. */
    private static final class ThreadTrace {
        final String name;
        final long id;
        final List<String> lines = new ArrayList<>();

        ThreadTrace(final String name, final long id) {
            this.name = name;
            this.id = id;
        }
    }
}
