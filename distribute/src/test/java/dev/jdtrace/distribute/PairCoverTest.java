package dev.jdtrace.distribute;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.statistics.Statistics;
import org.junit.jupiter.api.Test;

/** The pairwise cover of a choice's candidates: every two share a subset, and every subset fits the room. */
class PairCoverTest {

  @Property(tries = 500)
  void everyTwoCandidatesShareASubsetThatFits(
      @ForAll @Size(min = 1, max = 40) final List<@IntRange(max = 30) Integer> raw,
      @ForAll @IntRange(max = 100) final int slack) {
    final int[] sizes = raw.stream().mapToInt(Integer::intValue).toArray();
    final int[] sorted = sizes.clone();
    Arrays.sort(sorted);
    final int pair = sorted[sorted.length - 1] + (sorted.length > 1 ? sorted[sorted.length - 2] : 0);
    final int room = pair + slack;
    final List<int[]> cover = PairCover.of(sizes, room);
    for (final int[] subset : cover) {
      assertThat(Arrays.stream(subset).map(i -> sizes[i]).sum()).isLessThanOrEqualTo(room);
    }
    for (int i = 0; i < sizes.length; i++) {
      final int a = i;
      assertThat(cover).as("candidate %d", a).anyMatch(s -> Arrays.binarySearch(s, a) >= 0);
      for (int j = i + 1; j < sizes.length; j++) {
        final int b = j;
        assertThat(cover).as("candidates %d and %d", a, b)
            .anyMatch(s -> Arrays.binarySearch(s, a) >= 0 && Arrays.binarySearch(s, b) >= 0);
      }
    }
    Statistics.label("subsets").collect(cover.size() == 1 ? "1" : cover.size() <= 10 ? "2-10" : "over 10");
  }

  @Test
  void groupsOfHalfTheRoomPairUp() {
    // Six candidates of 5 in a room of 20: three groups of two, each pair of groups one subset.
    assertThat(PairCover.of(new int[] {5, 5, 5, 5, 5, 5}, 20)).hasSize(3);
  }

  @Test
  void twoCandidatesOverTheRoomAreRefused() {
    assertThatThrownBy(() -> PairCover.of(new int[] {6, 5, 1}, 10)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("two candidates of 6 and 5 witnesses do not fit in 10");
  }
}
