package dev.jdtrace.collect.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The JVM's own run counts, read from the profile it prints to the first run's log. */
class JitProfileTest {
  /** As JDK 17 and 25 print it: XML around, modifiers before the name, {@code <init>} escaped. */
  private static final String LOG = """
      <?xml version='1.0' encoding='UTF-8'?>
      <hotspot_log version='160 1' process='27414' time_ms='1795729504889'>
      <command>
      p.Main
      </command>
      <tty>
      ------------------------------------------------------------------------
      p.Lexer::readChar()C
        interpreter_invocation_count:        1154
        invocation_counter:                  1154
        backedge_counter:                       0
        decompile_count:                        0
        mdo size: 656 bytes

      0 fast_aload_0
      1 fast_igetfield 96 &lt;p/Lexer.pos/I&gt;\s
        0   bci: 1    VirtualCallData     count(350) nonprofiled_count(0) entries(0)
                      argument types      0: stack(1) &apos;p/Node&apos;[]
                                          1: stack(4) unknown (null seen)
      3 ifeq 17
        0   bci: 3    BranchData          taken(12) displacement(88)
                                          not taken(140169)
      6 iinc #1 1
      9 goto 0
        32  bci: 9    JumpData            taken(140100) displacement(-72)
      12 lookupswitch 2 10:20 (delta: 8) 11:24 (delta: 12)
        56  bci: 12   MultiBranchData     default_count(3) displacement(40)
      ------------------------------------------------------------------------
      p.Lexer::skip(I)V
        interpreter_invocation_count:           1
        invocation_counter:                     1
        backedge_counter:                    2048

         0 iload_1
         1 ifle 12
        0    bci: 1    BranchData         taken(1) displacement(56)
                                          not taken(2047)
         4 iinc #1 -1
         7 goto 0
        424 bci: 7    JumpData           taken(2047) displacement(-32)
        12 return
      ------------------------------------------------------------------------
      static p.Lexer$Token::of(I)Lp/Lexer$Token;
        interpreter_invocation_count:         310
        invocation_counter:                   412
        backedge_counter:                      12
      ------------------------------------------------------------------------
      final synchronized p.Node::&lt;init&gt;(Lp/Node;)V
        interpreter_invocation_count:        5000
        invocation_counter:                  5000
      </tty>
      </hotspot_log>
      """;

  @TempDir
  Path dir;

  @Test
  void readsEachProfiledMethodsRunsByItsBinaryNameAndDescriptor() throws IOException {
    final Path log = Files.writeString(dir.resolve("first-run.log"), LOG);
    assertThat(JitProfile.read(log, m -> true).runs()).containsExactlyInAnyOrderEntriesOf(Map.of(
        "p.Lexer.readChar()C", 1154L,
        "p.Lexer.skip(I)V", 1L,
        // the larger of its two counts
        "p.Lexer$Token.of(I)Lp/Lexer$Token;", 412L,
        "p.Node.<init>(Lp/Node;)V", 5000L));
  }

  /**
   * A conditional jump counts its taken and not-taken ways (to the next instruction), a {@code goto} its one; a
   * switch's profile is not read, and a method printed without bytecode has none. JDK 25 indents the instructions
   * (skip).
   */
  @Test
  void readsTheJumpsEachProfileCountedAsFromToTimes() throws IOException {
    final Path log = Files.writeString(dir.resolve("first-run.log"), LOG);
    final Map<String, long[]> jumps = JitProfile.read(log, m -> true).jumps();
    assertThat(jumps).containsOnlyKeys("p.Lexer.readChar()C", "p.Lexer.skip(I)V");
    assertThat(jumps.get("p.Lexer.readChar()C")).containsExactly(3, 17, 12, 3, 6, 140169, 9, 0, 140100);
    assertThat(jumps.get("p.Lexer.skip(I)V")).containsExactly(1, 12, 1, 1, 4, 2047, 7, 0, 2047);
  }

  @Test
  void aMissingLogCountsNothing() {
    final JitProfile.Counts counts = JitProfile.read(dir.resolve("none.log"), m -> true);
    assertThat(counts.runs()).isEmpty();
    assertThat(counts.jumps()).isEmpty();
  }

  @Test
  void theProfileGoesToItsOwnLogUnlessTheCommandAlreadySaysWhereTheVmsOutputGoes() {
    final Path log = dir.resolve("first-run.log");
    // A program argument or classpath that only looks like an option changes nothing.
    assertThat(JitProfile.options(List.of("-Xmx1g", "-cp", "print-tools.jar"), log))
        .containsSubsequence("-XX:+UnlockDiagnosticVMOptions", "-XX:+PrintMethodData")
        // a method run once with a long loop gets a profile too
        .contains("-XX:Tier0ProfilingStartPercentage=0")
        .contains("-XX:-DisplayVMOutput", "-XX:LogFile=" + log);
    for (final String own : List.of("-XX:LogFile=vm.log", "-XX:+DisplayVMOutputToStderr", "-XX:+LogVMOutput",
        "-XX:Flags=.hotspotrc", "-XX:VMOptionsFile=opts", "-XX:+PrintMethodData", "-XX:+LogCompilation",
        "-XX:+PrintFlagsFinal", "-XX:+PrintCompilation")) {
      assertThat(JitProfile.options(List.of("-Xmx1g", own), log)).as(own).isEmpty();
    }
  }
}
