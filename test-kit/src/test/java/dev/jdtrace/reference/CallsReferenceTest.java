package dev.jdtrace.reference;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdtrace.reference.fixtures.Tiny;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Checks the calls reference on {@link Tiny}, against calls read by hand from its source. */
class CallsReferenceTest {
    private static final String TINY = Tiny.class.getName();
    private static Map<String, List<String>> calls;

    @BeforeAll
    static void recordTiny() throws Exception {
        calls = SteppingReference.byThread(CallsReference.trace(SteppingReferenceTest.command(TINY),
                List.of("dev.jdtrace.reference.fixtures."), new byte[0]));
    }

    @Test
    void everyThreadIsRecordedUnderItsExportName() {
        assertThat(calls.keySet()).containsExactly("main", "twin", "twin#2");
    }

    @Test
    void mainCallsAndReturnsAtTheirDepths() {
        final List<String> main = calls.get("main");
        assertThat(main.get(0)).isEqualTo(line("call", 0, TINY, "main([Ljava/lang/String;)V"));
        assertThat(main.get(main.size() - 1)).isEqualTo(line("return", 0, TINY, "main([Ljava/lang/String;)V"));
        assertThat(main).containsSubsequence(
                line("call", 1, TINY, "loop(I)I"), line("return", 1, TINY, "loop(I)I"),
                line("call", 1, TINY, "sign(I)I"), line("return", 1, TINY, "sign(I)I"),
                line("call", 1, TINY, "sign(I)I"), line("return", 1, TINY, "sign(I)I"));
        // The class initialiser runs in the middle of main's block, and calls compute.
        assertThat(main).containsSubsequence(
                line("call", 1, TINY + "$Holder", "<clinit>()V"), line("call", 2, TINY + "$Holder", "compute()I"),
                line("return", 2, TINY + "$Holder", "compute()I"), line("return", 1, TINY + "$Holder", "<clinit>()V"));
        // fact(4) recurses to depth 4 and returns; thrower(3) is unwound by its exception up to deep's catch.
        assertThat(main).containsSubsequence(
                line("call", 1, TINY, "fact(I)I"), line("call", 2, TINY, "fact(I)I"), line("call", 3, TINY, "fact(I)I"),
                line("call", 4, TINY, "fact(I)I"), line("return", 4, TINY, "fact(I)I"),
                line("return", 3, TINY, "fact(I)I"), line("return", 2, TINY, "fact(I)I"),
                line("return", 1, TINY, "fact(I)I"),
                line("call", 1, TINY, "deep()I"), line("call", 2, TINY, "thrower(I)I"),
                line("call", 3, TINY, "thrower(I)I"), line("call", 4, TINY, "thrower(I)I"),
                line("call", 5, TINY, "thrower(I)I"), line("return", 5, TINY, "thrower(I)I"),
                line("return", 4, TINY, "thrower(I)I"), line("return", 3, TINY, "thrower(I)I"),
                line("return", 2, TINY, "thrower(I)I"), line("return", 1, TINY, "deep()I"));
        // List.sort calls the comparator back through its bridge; Boom's exception unwinds both frames.
        final String boom = TINY + "$Boom";
        assertThat(main).containsSubsequence(
                line("call", 1, boom, "compare(Ljava/lang/Object;Ljava/lang/Object;)I"),
                line("call", 2, boom, "compare(Ljava/lang/Integer;Ljava/lang/Integer;)I"),
                line("return", 2, boom, "compare(Ljava/lang/Integer;Ljava/lang/Integer;)I"),
                line("return", 1, boom, "compare(Ljava/lang/Object;Ljava/lang/Object;)I"));
        assertThat(main.stream().filter(l -> l.contains("$ByValue\tcompare(Ljava/lang/Integer;")).count())
                .as("ByValue compares, each a call and a return").isPositive().isEven();
    }

    @Test
    void eachWorkerRunsLoop() {
        final String worker = TINY + "$Worker";
        for (final String thread : List.of("twin", "twin#2")) {
            assertThat(calls.get(thread)).as(thread).containsExactly(
                    thread + "\tcall\t0\t" + worker + "\trun()V",
                    thread + "\tcall\t1\t" + TINY + "\tloop(I)I",
                    thread + "\treturn\t1\t" + TINY + "\tloop(I)I",
                    thread + "\treturn\t0\t" + worker + "\trun()V");
        }
    }

    private static String line(final String kind, final int depth, final String cls, final String method) {
        return "main\t" + kind + "\t" + depth + "\t" + cls + "\t" + method;
    }
}
