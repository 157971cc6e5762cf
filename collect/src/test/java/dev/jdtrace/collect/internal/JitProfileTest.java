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
      3 ifeq 17
        0   bci: 3    BranchData          taken(0) displacement(88)
                                          not taken(140169)
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
    assertThat(JitProfile.read(log)).containsExactlyInAnyOrderEntriesOf(Map.of(
        "p.Lexer.readChar()C", 1154L,
        // the larger of its two counts
        "p.Lexer$Token.of(I)Lp/Lexer$Token;", 412L,
        "p.Node.<init>(Lp/Node;)V", 5000L));
  }

  @Test
  void aMissingLogCountsNothing() {
    assertThat(JitProfile.read(dir.resolve("none.log"))).isEmpty();
  }

  @Test
  void theProfileGoesToItsOwnLogUnlessTheCommandAlreadySaysWhereTheVmsOutputGoes() {
    final Path log = dir.resolve("first-run.log");
    // A program argument or classpath that only looks like an option changes nothing.
    assertThat(JitProfile.options(List.of("-Xmx1g", "-cp", "print-tools.jar"), log))
        .containsSubsequence("-XX:+UnlockDiagnosticVMOptions", "-XX:+PrintMethodData")
        .contains("-XX:-DisplayVMOutput", "-XX:LogFile=" + log);
    for (final String own : List.of("-XX:LogFile=vm.log", "-XX:+DisplayVMOutputToStderr", "-XX:+LogVMOutput",
        "-XX:Flags=.hotspotrc", "-XX:VMOptionsFile=opts", "-XX:+PrintMethodData", "-XX:+LogCompilation",
        "-XX:+PrintFlagsFinal", "-XX:+PrintCompilation")) {
      assertThat(JitProfile.options(List.of("-Xmx1g", own), log)).as(own).isEmpty();
    }
  }
}
