package dev.jdtrace.reference;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdtrace.programs.Recursion;
import dev.jdtrace.reference.SteppingReference.Options;
import dev.jdtrace.reference.SteppingReference.Result;
import dev.jdtrace.reference.SteppingReference.Stepping;
import dev.jdtrace.reference.fixtures.TailRecursion;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Regression: a caller frame resuming at the method and bytecode index its callee returned from (a
 * recursive call in tail position whose return site is the shared {@code ireturn}) gets no step and no
 * breakpoint event from HotSpot, which drops an event repeating the thread's previous location whatever
 * the frame. Each such arrival is still one block entry per frame. The paths below are derived by hand
 * from {@link TailRecursion}'s source and {@code javap -c} (javac 17's offsets).
 */
class RepeatedLocationTest {

    private static final String TAIL = TailRecursion.class.getName();
    private static final String MAIN = "main([Ljava/lang/String;)V";

    @Test
    void everyFrameReturnedIntoEntersTheSharedReturnBlock() throws Exception {
        final Result result = trace(Options.defaults());
        assertThat(result.exitCode()).isZero();
        assertThat(result.stdout()).isEqualTo("0 4\n");
        assertThat(result.lines()).containsExactlyElementsOf(expectedTailRecursion());
        // tail(3): frames n=3,2,1 return at 12 (n=0 returns at 5); count(4, 0): all five frames return at 17.
        assertThat(count(result.lines(), "tail(I)I", 12)).isEqualTo(3);
        assertThat(count(result.lines(), "count(II)I", 17)).isEqualTo(5);
        // Only the first of each run of returns is reported by HotSpot: 2 + 4 are recorded from method exits.
        assertThat(result.stats().unreportedReturnArrivals()).isEqualTo(6);
        assertThat(result.stats().splitArrivals()).isZero();
        assertThat(result.stats().stepOnlyLeaderArrivals()).isZero();
        assertThat(result.stats().breakpointOnlyArrivals()).isZero();
    }

    @Test
    void unfilteredSteppingAndPureSteppingGiveTheSamePath() throws Exception {
        // HotSpot hides the repeats whatever the step filters; without leader breakpoints too.
        final Result unfiltered = trace(Options.defaults().withStepping(Stepping.UNFILTERED));
        assertThat(unfiltered.lines()).containsExactlyElementsOf(expectedTailRecursion());
        assertThat(unfiltered.stats().unreportedReturnArrivals()).isEqualTo(6);
        final Result pure = trace(Options.defaults().withLeaderBreakpoints(false));
        assertThat(pure.lines()).containsExactlyElementsOf(expectedTailRecursion());
        assertThat(pure.stats().unreportedReturnArrivals()).isEqualTo(6);
    }

    @Test
    void recursionProgramEntersSumDigitsReturnOncePerFrame() throws Exception {
        // sumDigits(98765, 0) runs six frames (n = 98765, 9876, 987, 98, 9, 0); the base case jumps to the
        // ireturn at 21 and the five callers resume there: 0: iload_0, 1: ifne 8, 4: iload_1, 5: goto 21,
        // 8: iload_0 ... 18: invokestatic sumDigits, 21: ireturn.
        final String classes = Path.of(Recursion.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .toString();
        final List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", classes, Recursion.class.getName());
        final Result result = SteppingReference.run(command, List.of(Recursion.class.getName()), new byte[0]);
        assertThat(result.exitCode()).isZero();
        final String cls = Recursion.class.getName();
        final List<String> lines = result.lines();
        assertThat(count(lines, cls, "sumDigits(II)I", 0)).isEqualTo(6);
        assertThat(count(lines, cls, "sumDigits(II)I", 4)).isEqualTo(1);
        assertThat(count(lines, cls, "sumDigits(II)I", 8)).isEqualTo(5);
        assertThat(count(lines, cls, "sumDigits(II)I", 21)).isEqualTo(6);
        final int first = lines.indexOf(line(cls, "sumDigits(II)I", 4, 5));
        assertThat(lines.subList(first + 1, first + 7)).containsOnly(line(cls, "sumDigits(II)I", 21, 21));
        assertThat(lines.get(first + 7)).doesNotContain("sumDigits");
        // isEven/isOdd and factorial/fib return into another method or at a non-return site: unaffected.
        assertThat(result.stats().unreportedReturnArrivals()).isEqualTo(5);
    }

    // === Hand-derived expectation for TailRecursion (see javap -c -p) ===

    private static List<String> expectedTailRecursion() {
        final List<String> e = new ArrayList<>();
        e.add(line(TAIL, MAIN, 0, 4));
        // tail(3): 0: iload_0, 1: ifne 6, 4: iconst_0, 5: ireturn, 6: iload_0 ... 9: invokestatic, 12: ireturn
        for (int n = 3; n > 0; n--) {
            e.add(line(TAIL, "tail(I)I", 0, 1));
            e.add(line(TAIL, "tail(I)I", 6, 9));
        }
        e.add(line(TAIL, "tail(I)I", 0, 1));
        e.add(line(TAIL, "tail(I)I", 4, 5));
        for (int n = 1; n <= 3; n++) {
            e.add(line(TAIL, "tail(I)I", 12, 12));
        }
        e.add(line(TAIL, MAIN, 7, 9));
        // count(4, 0): 0: iload_0, 1: ifne 8, 4: iload_1, 5: goto 17, 8: iload_0 ... 14: invokestatic, 17: ireturn
        for (int n = 4; n > 0; n--) {
            e.add(line(TAIL, "count(II)I", 0, 1));
            e.add(line(TAIL, "count(II)I", 8, 14));
        }
        e.add(line(TAIL, "count(II)I", 0, 1));
        e.add(line(TAIL, "count(II)I", 4, 5));
        for (int n = 0; n <= 4; n++) {
            e.add(line(TAIL, "count(II)I", 17, 17));
        }
        e.add(line(TAIL, MAIN, 12, 12));     // invokedynamic: the string concatenation
        e.add(line(TAIL, MAIN, 17, 17));     // println
        e.add(line(TAIL, MAIN, 20, 20));
        return e;
    }

    // === Helpers ===

    private static Result trace(final Options options) throws Exception {
        return SteppingReference.run(SteppingReferenceTest.command(TAIL), List.of(TAIL), new byte[0], options);
    }

    private static String line(final String cls, final String method, final int start, final int end) {
        return "main\t" + cls + '\t' + method + '\t' + start + '\t' + end;
    }

    private static long count(final List<String> lines, final String method, final int start) {
        return count(lines, TAIL, method, start);
    }

    private static long count(final List<String> lines, final String cls, final String method, final int start) {
        final String infix = '\t' + cls + '\t' + method + '\t' + start + '\t';
        return lines.stream().filter(l -> l.contains(infix)).count();
    }
}
