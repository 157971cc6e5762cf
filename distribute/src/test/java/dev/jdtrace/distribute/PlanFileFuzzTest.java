package dev.jdtrace.distribute;

import dev.jdtrace.plan.icfg.ProfileKind;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * Truncated, bit-flipped and random plan files are read or refused with one IllegalArgumentException line,
 * never another exception. (A flip inside a number can leave valid JSON; the plan's identity check in
 * collect and merge refuses those, and the CLI test covers it.)
 */
class PlanFileFuzzTest {
  private static final byte[] VALID = valid();

  private static byte[] valid() {
    final List<PlanFile.SessionEntry> sessions = new ArrayList<>();
    for (int s = 0; s < 3; s++) {
      final List<PlanFile.Witness> witnesses = new ArrayList<>();
      for (int w = 0; w < 5; w++) {
        witnesses.add(new PlanFile.Witness(s * 10 + w, "a.B", "m()V", w * 3, 10 + w));
      }
      sessions.add(new PlanFile.SessionEntry(s, 100.0 * s, 12.5, witnesses));
    }
    final PlanFile plan = new PlanFile("0123456789abcdef", ProfileKind.OPTIMAL, List.of("java", "-cp", "app.jar", "a.B"),
        List.of("main a.B"), List.of("a.*"), List.of(), new PlanFile.Predicted(1000, 2, 10, 0.05, 300), sessions, List.of());
    final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try {
      plan.write(bytes);
    } catch (final IOException e) {
      throw new UncheckedIOException(e);
    }
    return bytes.toByteArray();
  }

  private static void readOrRefuse(final byte[] bytes) throws IOException {
    final Path file = Files.createTempFile("plan", ".json");
    try {
      Files.write(file, bytes);
      try {
        final PlanFile plan = PlanFile.read(file);
        plan.witnessSets();
      } catch (final IllegalArgumentException e) {
        assertThat(e.getMessage()).startsWith("cannot read plan ").doesNotContain("\n");
      }
    } finally {
      Files.delete(file);
    }
  }

  @Example
  void theValidPlanReads() throws IOException {
    final Path file = Files.createTempFile("plan", ".json");
    Files.write(file, VALID);
    assertThat(PlanFile.read(file).sessions()).hasSize(3);
    Files.delete(file);
  }

  @Property(tries = 100)
  void truncatedPlans(@ForAll final int cut) throws IOException {
    readOrRefuse(Arrays.copyOf(VALID, Math.floorMod(cut, VALID.length)));
  }

  @Property(tries = 150)
  void flippedPlans(@ForAll final int where, @ForAll @IntRange(min = 0, max = 7) final int bit) throws IOException {
    final byte[] flipped = VALID.clone();
    flipped[Math.floorMod(where, flipped.length)] ^= (byte) (1 << bit);
    readOrRefuse(flipped);
  }

  @Property(tries = 100)
  void randomPlans(@ForAll @Size(max = 2000) final byte[] random) throws IOException {
    readOrRefuse(random);
  }

  @Example
  void nullsAndNegativeBlocksAreRefused() throws IOException {
    final Path file = Files.createTempFile("plan", ".json");
    try {
      Files.writeString(file, new String(VALID).replace("\"block\" : 11", "\"block\" : -11"));
      assertThatThrownBy(() -> PlanFile.read(file)).hasMessageContaining("session 1 has a witness without a block");
      Files.writeString(file, new String(VALID).replace("\"sessions\" : [", "\"sessions\" : [ null,"));
      assertThatThrownBy(() -> PlanFile.read(file)).hasMessageContaining("session 0 is missing or out of order");
      Files.writeString(file, "null");
      assertThatThrownBy(() -> PlanFile.read(file)).hasMessageContaining("it is empty");
    } finally {
      Files.delete(file);
    }
  }
}
