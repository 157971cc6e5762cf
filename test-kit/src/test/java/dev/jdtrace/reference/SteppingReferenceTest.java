package dev.jdtrace.reference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jdtrace.reference.SteppingReference.Options;
import dev.jdtrace.reference.SteppingReference.Result;
import dev.jdtrace.reference.SteppingReference.Stepping;
import dev.jdtrace.reference.fixtures.Echo;
import dev.jdtrace.reference.fixtures.Sleeper;
import dev.jdtrace.reference.fixtures.Tiny;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Checks the reference tracer against a path derived by hand from {@link Tiny}'s source and
 * {@code javap -c} output (the offsets below are javac 17's), and checks the two stepping modes and
 * the two recording mechanisms against each other.
 */
class SteppingReferenceTest {

    private static final String FIXTURES = "dev.jdtrace.reference.fixtures.";
    private static final String TINY = FIXTURES + "Tiny";
    private static final String MAIN = "main([Ljava/lang/String;)V";
    private static final String LOOP = "loop(I)I";
    private static final String TYPED_COMPARE = "compare(Ljava/lang/Integer;Ljava/lang/Integer;)I";
    private static final String BRIDGE_COMPARE = "compare(Ljava/lang/Object;Ljava/lang/Object;)I";

    private static Result tiny;

    @BeforeAll
    static void traceTiny() throws Exception {
        tiny = SteppingReference.run(command(TINY), List.of(FIXTURES), new byte[0]);
    }

    @Test
    void tinyTraceIsTheHandDerivedPath() {
        assertThat(tiny.exitCode()).isZero();
        assertThat(tiny.stdout()).isEqualTo("186\n[1, 2, 3]\n");
        assertThat(tiny.lines()).containsExactlyElementsOf(expectedTiny(true));
    }

    @Test
    void loopHeaderIsEnteredOncePerIterationPlusOne() {
        // loop(5) in main, then loop(3) in each twin: the header block 4..6 is entered n + 1 times.
        assertThat(count(thread("main"), TINY, LOOP, 4)).isEqualTo(6);
        assertThat(count(thread("twin"), TINY, LOOP, 4)).isEqualTo(4);
        assertThat(count(thread("twin#2"), TINY, LOOP, 4)).isEqualTo(4);
        assertThat(count(thread("main"), TINY, LOOP, 19)).isEqualTo(1);
    }

    @Test
    void handlersAreEnteredExactlyOnce() {
        final List<String> main = thread("main");
        assertThat(count(main, TINY, "parse(Ljava/lang/String;)I", 5)).isEqualTo(1);   // NumberFormatException from the JDK
        assertThat(count(main, TINY, "deep()I", 5)).isEqualTo(1);                      // unwound three user frames
        assertThat(count(main, TINY, MAIN, 125)).isEqualTo(1);                         // unwound through TimSort
        // The throwing frames do not continue after the throw.
        assertThat(count(main, TINY, "thrower(I)I", 4)).isEqualTo(1);
        assertThat(count(main, TINY, "thrower(I)I", 20)).isZero();                     // 20 is not a leader
        assertThat(count(main, TINY + "$Boom", TYPED_COMPARE, 9)).isEqualTo(1);
        assertThat(count(main, TINY + "$Boom", BRIDGE_COMPARE, 12)).isZero();
    }

    @Test
    void callbacksFromTheJdkAreRecorded() {
        final List<String> main = thread("main");
        // TimSort on [3, 1, 2] compares four times, always through the bridge method.
        assertThat(count(main, TINY + "$ByValue", BRIDGE_COMPARE, 0)).isEqualTo(4);
        assertThat(count(main, TINY + "$ByValue", BRIDGE_COMPARE, 12)).isEqualTo(4);
        assertThat(count(main, TINY + "$ByValue", TYPED_COMPARE, 0)).isEqualTo(4);
        assertThat(count(main, TINY + "$ByValue", TYPED_COMPARE, 11)).isEqualTo(2);   // a < b
        assertThat(count(main, TINY + "$ByValue", TYPED_COMPARE, 24)).isEqualTo(2);   // a > b
    }

    @Test
    void recursionEntersEachFrameAtBciZero() {
        assertThat(count(thread("main"), TINY, "fact(I)I", 0)).isEqualTo(4);
        assertThat(count(thread("main"), TINY, "fact(I)I", 16)).isEqualTo(3);         // returns into 3 callers
    }

    @Test
    void staticInitializerRunsInsideTheBlockThatTriggersIt() {
        final List<String> main = thread("main");
        final int trigger = main.indexOf(line("main", TINY, MAIN, 88, 98));             // getstatic at 89
        assertThat(main.subList(trigger + 1, trigger + 4)).containsExactly(
                line("main", TINY + "$Holder", "<clinit>()V", 0, 5),
                line("main", TINY + "$Holder", "compute()I", 0, 2),
                line("main", TINY + "$Holder", "<clinit>()V", 8, 12));
    }

    @Test
    void threadsAreContiguousNumberedAndInFirstBlockOrder() {
        final List<String> names = new ArrayList<>();
        for (final String l : tiny.lines()) {
            final String name = l.substring(0, l.indexOf('\t'));
            if (names.isEmpty() || !names.get(names.size() - 1).equals(name)) {
                names.add(name);
            }
        }
        assertThat(names).containsExactly("main", "twin", "twin#2");
        assertThat(thread("twin")).first().isEqualTo(line("twin", TINY + "$Worker", "run()V", 0, 5));
    }

    @Test
    void stepsAndBreakpointsAgreeArrivalByArrival() {
        final SteppingReference.Stats stats = tiny.stats();
        assertThat(stats.splitArrivals()).isZero();
        assertThat(stats.stepOnlyLeaderArrivals()).isZero();
        // Only the initializer run by getstatic resolution (and what it calls) is invisible to stepping:
        // Holder.<clinit> entry, its block after the call, and compute's entry.
        assertThat(stats.breakpointOnlyMethods()).containsExactly(
                TINY + "$Holder.<clinit>()V", TINY + "$Holder.compute()I");
        assertThat(stats.breakpointOnlyArrivals()).isEqualTo(3);
        assertThat(stats.skippedClasses()).isEmpty();
        assertThat(stats.blockEntries()).isEqualTo(tiny.lines().size());
    }

    @Test
    void unfilteredSteppingGivesTheSamePath() throws Exception {
        final Result unfiltered = SteppingReference.run(command(TINY), List.of(FIXTURES), new byte[0],
                Options.defaults().withStepping(Stepping.UNFILTERED));
        assertThat(unfiltered.lines()).containsExactlyElementsOf(tiny.lines());
        assertThat(unfiltered.stats().stepEvents()).isGreaterThan(tiny.stats().stepEvents());
        assertThat(unfiltered.stats().stepOnlyLeaderArrivals()).isZero();
        assertThat(unfiltered.stats().splitArrivals()).isZero();
    }

    @Test
    void pureSteppingMissesOnlyTheInitializerBodyRunDuringResolution() throws Exception {
        final Result stepping = SteppingReference.run(command(TINY), List.of(FIXTURES), new byte[0],
                Options.defaults().withLeaderBreakpoints(false));
        // The bci-0 breakpoints still show <clinit> and compute entries; the block after the call is lost.
        assertThat(stepping.lines()).containsExactlyElementsOf(expectedTiny(false));
        assertThat(stepping.stats().breakpointOnlyArrivals()).isEqualTo(2);
    }

    @Test
    void stdinExitCodeAndLambdaBodies() throws Exception {
        final Result echo = SteppingReference.run(command(FIXTURES + "Echo"), List.of(FIXTURES + "Echo"),
                "ab\ncd\n".getBytes(StandardCharsets.UTF_8));
        assertThat(echo.exitCode()).isEqualTo(3);
        assertThat(echo.stdout()).isEqualTo("AB\nCD\n");
        assertThat(echo.stats().skippedClasses()).singleElement().asString().startsWith(Echo.class.getName() + "$$Lambda");
        final String lambda = "lambda$main$0(Ljava/lang/String;)V";
        assertThat(echo.lines()).filteredOn(l -> l.contains("\t" + lambda + "\t0\t")).hasSize(2);   // one per line
        assertThat(echo.lines()).allMatch(l -> l.startsWith("main\t" + Echo.class.getName() + "\t"));
    }

    @Test
    void timeoutKillsTheTarget(@TempDir final Path dir) throws Exception {
        final Path pidFile = dir.resolve("pid");
        final List<String> cmd = new ArrayList<>(command(Sleeper.class.getName()));
        cmd.add(pidFile.toString());
        assertThatThrownBy(() -> SteppingReference.run(cmd, List.of(FIXTURES), null,
                Options.defaults().withTimeout(Duration.ofSeconds(4))))
                .isInstanceOf(TimeoutException.class);
        final long pid = Long.parseLong(Files.readString(pidFile).trim());
        assertThat(ProcessHandle.of(pid).filter(ProcessHandle::isAlive)).isEmpty();
    }

    // === Hand-derived expectation for Tiny (see javap -c -p of Tiny and its nested classes) ===

    private static List<String> expectedTiny(final boolean withLeaderBreakpoints) {
        final Expect m = new Expect("main");
        m.b(TINY, MAIN, 0, 1);
        loop(m, 5);
        m.b(TINY, MAIN, 4, 8).b(TINY, "sign(I)I", 0, 1).b(TINY, "sign(I)I", 4, 5);
        m.b(TINY, MAIN, 11, 12).b(TINY, "sign(I)I", 0, 1).b(TINY, "sign(I)I", 6, 7);
        final String parse = "parse(Ljava/lang/String;)I";
        m.b(TINY, MAIN, 15, 21).b(TINY, parse, 0, 1).b(TINY, parse, 4, 4);
        m.b(TINY, MAIN, 24, 26).b(TINY, parse, 0, 1).b(TINY, parse, 5, 7);
        m.b(TINY, MAIN, 29, 37).b(TINY, MAIN, 40, 41).b(TINY, MAIN, 44, 45).b(TINY, MAIN, 48, 48)
                .b(TINY, MAIN, 51, 51).b(TINY, MAIN, 54, 60);
        final String byValue = TINY + "$ByValue";
        m.b(byValue, "<init>()V", 0, 1).b(byValue, "<init>()V", 4, 4).b(TINY, MAIN, 63, 63);
        // TimSort on [3, 1, 2]: compare(1,3) < 0, compare(2,1) > 0, then binary insertion of 2: (2,3) < 0, (2,1) > 0.
        for (final boolean less : new boolean[] {true, false, true, false}) {
            m.b(byValue, BRIDGE_COMPARE, 0, 9);
            m.b(byValue, TYPED_COMPARE, 0, 1).b(byValue, TYPED_COMPARE, 4, 5).b(byValue, TYPED_COMPARE, 8, 8);
            if (less) {
                m.b(byValue, TYPED_COMPARE, 11, 12);
            } else {
                m.b(byValue, TYPED_COMPARE, 13, 14).b(byValue, TYPED_COMPARE, 17, 18).b(byValue, TYPED_COMPARE, 21, 21)
                        .b(byValue, TYPED_COMPARE, 24, 25).b(byValue, TYPED_COMPARE, 29, 29);
            }
            m.b(byValue, BRIDGE_COMPARE, 12, 12);
        }
        m.b(TINY, MAIN, 68, 69);
        final int[][] kindCases = {{28, 30}, {31, 33}, {34, 36}, {37, 38}};     // tableswitch 0..2 and default
        for (final int[] kindCase : kindCases) {
            m.b(TINY, MAIN, 70, 72).b(TINY, MAIN, 75, 77).b(TINY, "kind(I)I", 0, 1)
                    .b(TINY, "kind(I)I", kindCase[0], kindCase[1]).b(TINY, MAIN, 80, 85);
        }
        m.b(TINY, MAIN, 70, 72).b(TINY, MAIN, 88, 98);
        final String holder = TINY + "$Holder";
        m.b(holder, "<clinit>()V", 0, 5).b(holder, "compute()I", 0, 2);
        if (withLeaderBreakpoints) {
            m.b(holder, "<clinit>()V", 8, 12);
        }
        for (int n = 4; n > 1; n--) {
            m.b(TINY, "fact(I)I", 0, 2).b(TINY, "fact(I)I", 9, 13);
        }
        m.b(TINY, "fact(I)I", 0, 2).b(TINY, "fact(I)I", 5, 6).b(TINY, "fact(I)I", 17, 17);
        for (int n = 2; n <= 4; n++) {
            m.b(TINY, "fact(I)I", 16, 16).b(TINY, "fact(I)I", 17, 17);
        }
        m.b(TINY, MAIN, 101, 104).b(TINY, "deep()I", 0, 1);
        for (int depth = 3; depth > 0; depth--) {
            m.b(TINY, "thrower(I)I", 0, 1).b(TINY, "thrower(I)I", 14, 17);
        }
        m.b(TINY, "thrower(I)I", 0, 1).b(TINY, "thrower(I)I", 4, 10).b(TINY, "thrower(I)I", 13, 13);
        m.b(TINY, "deep()I", 5, 8);
        final String boom = TINY + "$Boom";
        m.b(TINY, MAIN, 107, 114).b(boom, "<init>()V", 0, 1).b(boom, "<init>()V", 4, 4).b(TINY, MAIN, 117, 117);
        m.b(boom, BRIDGE_COMPARE, 0, 9).b(boom, TYPED_COMPARE, 0, 6).b(boom, TYPED_COMPARE, 9, 9);
        m.b(TINY, MAIN, 125, 126).b(TINY, MAIN, 129, 130);
        final String worker = TINY + "$Worker";
        for (int i = 0; i < 2; i++) {
            m.b(TINY, MAIN, 131, 133).b(TINY, MAIN, 136, 141).b(worker, "<init>(I)V", 0, 1).b(worker, "<init>(I)V", 4, 9)
                    .b(TINY, MAIN, 144, 154).b(TINY, MAIN, 157, 161).b(TINY, MAIN, 164, 166).b(TINY, MAIN, 169, 180);
        }
        m.b(TINY, MAIN, 131, 133).b(TINY, MAIN, 183, 187).b(TINY, MAIN, 190, 194).b(TINY, MAIN, 197, 197);
        final List<String> all = new ArrayList<>(m.lines);
        for (final String twin : List.of("twin", "twin#2")) {
            final Expect w = new Expect(twin);
            w.b(worker, "run()V", 0, 5);
            loop(w, 3);
            w.b(worker, "run()V", 8, 11);
            all.addAll(w.lines);
        }
        return all;
    }

    private static void loop(final Expect e, final int n) {
        e.b(TINY, LOOP, 0, 3);
        for (int i = 0; i < n; i++) {
            e.b(TINY, LOOP, 4, 6).b(TINY, LOOP, 9, 16);
        }
        e.b(TINY, LOOP, 4, 6).b(TINY, LOOP, 19, 20);
    }

    /** Builds one thread's expected lines. */
    private static final class Expect {
        private final String thread;
        private final List<String> lines = new ArrayList<>();

        Expect(final String thread) {
            this.thread = thread;
        }

        Expect b(final String cls, final String method, final int start, final int end) {
            lines.add(line(thread, cls, method, start, end));
            return this;
        }
    }

    // === Helpers ===

    static List<String> command(final String mainClass) throws Exception {
        final String classes = Path.of(Tiny.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        return List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp", classes, mainClass);
    }

    private static String line(final String thread, final String cls, final String method, final int start,
                               final int end) {
        return thread + '\t' + cls + '\t' + method + '\t' + start + '\t' + end;
    }

    private static List<String> thread(final String name) {
        return SteppingReference.byThread(tiny.lines()).getOrDefault(name, List.of());
    }

    private static long count(final List<String> lines, final String cls, final String method, final int start) {
        final String infix = '\t' + cls + '\t' + method + '\t' + start + '\t';
        return lines.stream().filter(l -> l.contains(infix)).count();
    }
}
