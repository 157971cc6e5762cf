package dev.jdtrace.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdtrace.plan.fixtures.PrintArgs;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ArgFileTest {
  @Test
  void quotesGroupAndAreDropped() {
    assertThat(ArgFile.split("-Dp=\"hello world\" 'single \"quoted\"' part\"ly quoted\"here\n"))
        .containsExactly("-Dp=hello world", "single \"quoted\"", "partly quotedhere");
  }

  @Test
  void commentsRunToTheEndOfTheLineOutsideQuotes() {
    assertThat(ArgFile.split("line one #comment\n'line #2' #rest\r\n#whole line\nlast #to eof"))
        .containsExactly("line", "one", "line #2", "last");
  }

  @Test
  void backslashEscapesInQuotesOnly() {
    assertThat(ArgFile.split("c:\\dir \"a\\tb\\\\c\\\"d\" \"\\q\""))
        .containsExactly("c:\\dir", "a\tb\\c\"d", "q");
  }

  @Test
  void backslashAtTheEndOfALineInQuotesJoinsTheNextWithoutItsIndent() {
    assertThat(ArgFile.split("\"-Dlong=one \\\n     two\" next"))
        .containsExactly("-Dlong=one two", "next");
  }

  @Test
  void anOpenQuoteEndsAtTheEndOfItsLine() {
    assertThat(ArgFile.split("an \"open quote \n  next line")).containsExactly("an", "open quote ", "next", "line");
  }

  @Test
  void emptyQuotesAreAnEmptyArgument() {
    assertThat(ArgFile.split("a \"\" b")).containsExactly("a", "", "b");
  }

  /** The real launcher splits the same file the same way: the arguments a program gets are the split's. */
  @Test
  void splitsAsTheJavaLauncherDoes(@TempDir final Path dir) throws Exception {
    final String text = String.join("\n",
        PrintArgs.class.getName() + " plain -Dp=\"hello world\" 'it''s' mixed\"q 'x' \"end",
        "# a comment line",
        "tab\there   \"esc \\n\\t\\\\ \\\" \\z\" #trailing comment",
        "\"joined \\",
        "      line\" c:\\windows\\path @notafile",
        "\"open quote to the end",
        "'' \"\" last");
    final Path file = Files.writeString(dir.resolve("args"), text);
    final Process p = new ProcessBuilder(JavaCommand.currentJava(), "-cp", System.getProperty("java.class.path"),
        "@" + file).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    final String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor()).isZero();
    final List<String> received = new ArrayList<>(Arrays.asList(out.split("\0", -1)));
    received.remove(received.size() - 1);
    final List<String> split = ArgFile.split(text);
    assertThat(split.get(0)).isEqualTo(PrintArgs.class.getName());
    assertThat(received).isEqualTo(split.subList(1, split.size())).hasSizeGreaterThan(10);
  }
}
