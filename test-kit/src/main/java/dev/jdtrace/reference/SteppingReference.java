package dev.jdtrace.reference;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Independent reference tracer: records the exact basic-block path of a JVM program by single-stepping
 * it with JDI, and prints it in the blocks export format of DESIGN §4
 * ({@code thread \t class \t methodName+descriptor \t startBci \t endBci}).
 *
 * <p>It shares no code with the tool under test. Leaders come from its own opcode table
 * ({@link BytecodeLeaders}) over the JVM's own {@code Method.bytecodes()}, plus exception-handler starts
 * read from the class file with BCEL's class-file parser. Execution is observed by breakpoints at bci 0
 * of every method of the traced classes (which discover threads and method entries) and a
 * {@code STEP_MIN}/{@code STEP_INTO} step request per discovered thread: every event whose location is a
 * leader of its method is one block entry. It is slow (one debugger round trip per bytecode of traced
 * code) and meant for small programs only.
 *
 * <p>By default every leader also holds a breakpoint ({@link Options#leaderBreakpoints()}): HotSpot
 * hides single steps inside static initializers run by {@code getstatic}/{@code putstatic}/
 * {@code invokestatic} resolution, and breakpoints are the only way to see them. Each arrival is
 * counted once whichever of the two reports it, and the two must agree wherever stepping works.
 *
 * <p>HotSpot reports no event for a thread arriving at the method and bytecode index of its previous
 * single step, whatever the frame ({@code JvmtiEnvThreadState::compare_and_set_current_location} keeps
 * one "current location" per thread and drops a repeated single step, and a repeated breakpoint once a
 * step and a breakpoint were both posted there). Breakpoints alone are not affected (a repeated
 * breakpoint with no step posted is posted again). In code javac emits this happens only when a frame
 * returns, from an {@code *return} at index R, into a caller frame of the same method whose return site
 * is R: a recursive call in tail position, {@code return f(n - 1)}. A {@code MethodExit} request on
 * the traced classes catches those returns: the caller's arrival at R is recorded unless the thread's
 * next event reports it after all (see {@link Stats#unreportedReturnArrivals()}). The other repeats
 * HotSpot would hide are not handled: an invoke at bci 0 calling its own method (unbounded recursion,
 * ended only by {@code StackOverflowError}), a jump to itself ({@code goto} at its own target, an
 * endless loop), and an exception handler starting with an instruction that throws into the same
 * handler in a caller frame (javac starts every handler with {@code astore} or {@code pop}).
 *
 * <p>Two stepping modes:
 * <ul>
 *   <li>{@link Stepping#FILTERED} (default): the step request carries class filters, so the JDWP agent
 *       runs untraced code without reporting it and stops again when execution comes back to traced
 *       code (returns, callbacks, static initializers, exception handlers).</li>
 *   <li>{@link Stepping#UNFILTERED}: no filters; every bytecode of every thread that has entered traced
 *       code is reported and filtered here. Much slower, but it relies on nothing in the agent's step
 *       filtering; tests use it to check the filtered mode.</li>
 * </ul>
 */
public final class SteppingReference {

    private SteppingReference() {
    }

    /** How the step requests are filtered. */
    public enum Stepping {
        /** Class filters on the step request: untraced code runs without events. */
        FILTERED,
        /** No filters: every bytecode is reported and filtered on the debugger side. */
        UNFILTERED
    }

    /**
     * Options of a run.
     *
     * @param stepping the stepping mode
     * @param leaderBreakpoints whether every leader (not only bci 0) holds a breakpoint. HotSpot hides
     *     single-step events while it resolves a field or method reference, and a static initializer
     *     triggered by {@code getstatic}, {@code putstatic} or {@code invokestatic} runs inside that
     *     resolution: stepping sees nothing of it (or of what it calls) except through breakpoints. With
     *     leader breakpoints (the default) such code is still recorded, and wherever stepping works the
     *     two mechanisms must agree arrival by arrival (see {@link Stats}). Without them the result is
     *     pure stepping and misses those initializers' blocks other than their entries.
     * @param timeout the whole run's limit; the target is killed when it is exceeded
     * @param workingDirectory the target's working directory (relative class path entries resolve against it)
     */
    public record Options(Stepping stepping, boolean leaderBreakpoints, Duration timeout, Path workingDirectory) {
        /** Validates the options. */
        public Options {
            Objects.requireNonNull(stepping, "stepping");
            Objects.requireNonNull(timeout, "timeout");
            Objects.requireNonNull(workingDirectory, "workingDirectory");
        }

        /** Filtered stepping, leader breakpoints, a 5 minute limit, the current directory. */
        public static Options defaults() {
            return new Options(Stepping.FILTERED, true, Duration.ofMinutes(5), Path.of("").toAbsolutePath());
        }

        /** These options with another stepping mode. */
        public Options withStepping(final Stepping newStepping) {
            return new Options(newStepping, leaderBreakpoints, timeout, workingDirectory);
        }

        /** These options with or without leader breakpoints. */
        public Options withLeaderBreakpoints(final boolean newLeaderBreakpoints) {
            return new Options(stepping, newLeaderBreakpoints, timeout, workingDirectory);
        }

        /** These options with another time limit. */
        public Options withTimeout(final Duration newTimeout) {
            return new Options(stepping, leaderBreakpoints, newTimeout, workingDirectory);
        }

        /** These options with another working directory. */
        public Options withWorkingDirectory(final Path newWorkingDirectory) {
            return new Options(stepping, leaderBreakpoints, timeout, newWorkingDirectory);
        }
    }

    /**
     * Counters of a run, for diagnostics. An <em>arrival</em> is one thread reaching one location; its
     * breakpoint and step events normally come in one event set.
     *
     * @param stepEvents step events received
     * @param breakpointEvents breakpoint events received
     * @param blockEntries lines produced
     * @param tracedClasses classes whose methods were traced
     * @param skippedClasses included classes without a class file (lambda proxies, hidden classes)
     * @param splitArrivals arrivals whose breakpoint and step came in two consecutive event sets (counted
     *     once; expected 0, JDWP groups co-located events)
     * @param stepOnlyLeaderArrivals arrivals at a leader seen by a step but by no breakpoint although one was
     *     set there (expected 0: it would mean a missed breakpoint)
     * @param breakpointOnlyArrivals arrivals of an already stepping thread seen by a breakpoint but by no
     *     step: code where the JVM hides single-stepping (static initializers run during resolution)
     * @param breakpointOnlyMethods the methods ({@code class.name+descriptor}) of those arrivals, sorted
     * @param unreportedReturnArrivals arrivals at a return site that HotSpot reported by no event, recorded
     *     from the callee's method exit: a caller frame resuming at the method and bytecode index of the
     *     thread's previous step, as in {@code return f(n - 1)} whose return site is an {@code ireturn}
     *     (see {@link SteppingReference})
     * @param elapsed wall time of the whole run
     */
    public record Stats(long stepEvents, long breakpointEvents, long blockEntries, int tracedClasses,
                        List<String> skippedClasses, long splitArrivals, long stepOnlyLeaderArrivals,
                        long breakpointOnlyArrivals, List<String> breakpointOnlyMethods,
                        long unreportedReturnArrivals, Duration elapsed) {
        /** Copies the lists. */
        public Stats {
            skippedClasses = List.copyOf(skippedClasses);
            breakpointOnlyMethods = List.copyOf(breakpointOnlyMethods);
        }
    }

    /**
     * The outcome of a run.
     *
     * @param lines the blocks export lines, without a trailing newline each
     * @param stdout the program's standard output (without the JDWP agent's line)
     * @param stderr the program's standard error
     * @param exitCode the program's exit code
     * @param stats counters of the run
     */
    public record Result(List<String> lines, String stdout, String stderr, int exitCode, Stats stats) {
        /** Copies the list. */
        public Result {
            lines = List.copyOf(lines);
        }
    }

    /**
     * Traces {@code javaCommand} (e.g. {@code ["java","-cp",cp,"dev.jdtrace.programs.Loops"]}) and returns
     * the blocks export lines, each thread's lines contiguous and in execution order, threads in the
     * order of their first traced block.
     *
     * @param javaCommand the command, starting with the java executable
     * @param includePrefixes binary class-name prefixes (e.g. {@code "dev.jdtrace.programs."}) whose classes
     *     are traced; a trailing {@code *} is allowed and ignored
     * @param stdin bytes written to the program's standard input, which is then closed (null for none)
     * @return the blocks export lines
     * @throws Exception when the target cannot be launched, attached or traced within the default limit
     */
    public static List<String> trace(final List<String> javaCommand, final List<String> includePrefixes,
                                     final byte[] stdin) throws Exception {
        return run(javaCommand, includePrefixes, stdin).lines();
    }

    /**
     * Groups blocks export lines by thread (the first field), keeping each thread's lines in order and
     * threads in order of appearance; comment lines ({@code #}) are dropped. Compare traces this way
     * when threads of different names may race to their first traced block, since the order of
     * threads in the export then depends on scheduling.
     *
     * @param lines blocks export lines
     * @return thread name to that thread's lines
     */
    public static Map<String, List<String>> byThread(final List<String> lines) {
        final Map<String, List<String>> result = new LinkedHashMap<>();
        for (final String line : lines) {
            if (line.startsWith("#")) {
                continue;
            }
            final int tab = line.indexOf('\t');
            result.computeIfAbsent(tab < 0 ? line : line.substring(0, tab), k -> new ArrayList<>()).add(line);
        }
        return result;
    }

    /** Like {@link #trace} but returns the full result, with {@link Options#defaults()}. */
    public static Result run(final List<String> javaCommand, final List<String> includePrefixes,
                             final byte[] stdin) throws Exception {
        return run(javaCommand, includePrefixes, stdin, Options.defaults());
    }

    /** Like {@link #trace} but returns the full result. */
    public static Result run(final List<String> javaCommand, final List<String> includePrefixes,
                             final byte[] stdin, final Options options) throws Exception {
        if (javaCommand.isEmpty()) {
            throw new IllegalArgumentException("empty java command");
        }
        if (includePrefixes.isEmpty()) {
            throw new IllegalArgumentException("no include prefixes");
        }
        return new SteppingSession(javaCommand, includePrefixes, stdin, options).run();
    }
}
