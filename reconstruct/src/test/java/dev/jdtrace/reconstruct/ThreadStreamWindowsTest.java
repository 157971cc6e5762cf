package dev.jdtrace.reconstruct;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdtrace.trace.stream.EndRecord;
import dev.jdtrace.trace.stream.ExceptionRecord;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A --within thread's stream splits into its windows, each a stream of its own that the walk decodes alone. */
class ThreadStreamWindowsTest {
  private static final ExceptionRecord FIRST = new ExceptionRecord(4, false, 7, 1);
  private static final ExceptionRecord SECOND = new ExceptionRecord(9, true, ExceptionRecord.UNTRACED, 2);
  private static final EndRecord END = new EndRecord(List.of(new EndRecord.Frame(12, false)));

  /** Hits 1 2 (exception 0) | 3 | (exception 1) 5, windows at 0, 3 and 4 with entries 1, 3 and 11. */
  private final ThreadStream thread = new ThreadStream("main", -1, 0, new int[] {1, 2, -1, 3, -2, 5},
      List.of(FIRST, SECOND), null, false, END, new int[] {0, 1, 3, 3, 4, 11});

  @Test
  void eachWindowHoldsItsOwnHitsAndExceptionsRenumbered() {
    assertThat(thread.windowCount()).isEqualTo(3);
    assertThat(thread.window(0).hits()).containsExactly(1, 2, -1);
    assertThat(thread.window(0).exceptions()).containsExactly(FIRST);
    assertThat(thread.window(1).hits()).containsExactly(3);
    assertThat(thread.window(1).exceptions()).isEmpty();
    assertThat(thread.window(2).hits()).containsExactly(-1, 5);
    assertThat(thread.window(2).exceptions()).containsExactly(SECOND);
    assertThat(List.of(thread.windowEntry(0), thread.windowEntry(1), thread.windowEntry(2))).containsExactly(1, 3, 11);
  }

  @Test
  void onlyTheLastWindowEndsWhereTheVmDied() {
    assertThat(thread.window(0).end()).isNull();
    assertThat(thread.window(1).end()).isNull();
    assertThat(thread.window(2).end()).isEqualTo(END);
  }
}
