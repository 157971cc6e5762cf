package dev.jdtrace.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Views of calls say when a trace's calls are only guessed (a version 2 trace), and only then. */
class TraceFilesTest {
  private static List<String> notices(final boolean version2) {
    final List<String> notices = new ArrayList<>();
    final List<String> calls = new ArrayList<>();
    HandTraces.play(TraceFiles.noticingGuessedCalls(Path.of("old.trace"), new CallTracker(new CallListener() {
      @Override
      public void enter(final int method, final long ordinal, final int depth) {
        calls.add(method + "@" + ordinal);
      }
    }), notices::add), version2 ? HandTraces.withoutEnds(HandTraces.standard()) : HandTraces.standard(), HandTraces.main(0, 3, 4, 5, 1, 2));
    assertThat(calls).containsExactly("0@0", "1@1");
    return notices;
  }

  @Test
  void aVersion2TraceSaysItsCallsAreGuessed() {
    assertThat(notices(true)).containsExactly("old.trace is of trace format version 2, which does not say how blocks "
        + "end: its calls are guessed; record it again for exact calls");
  }

  @Test
  void aVersion3TraceSaysNothing() {
    assertThat(notices(false)).isEmpty();
  }
}
