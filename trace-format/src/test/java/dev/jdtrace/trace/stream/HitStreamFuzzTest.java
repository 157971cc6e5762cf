package dev.jdtrace.trace.stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/** Truncated, bit-flipped and random session streams end with one IOException line, never anything else. */
class HitStreamFuzzTest {
  private static final byte[] VALID = valid();

  private static byte[] valid() {
    final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (HitStreamWriter w = new HitStreamWriter(bytes, "0123456789abcdef", 1)) {
      w.thread(0, "main", -1);
      for (int i = 0; i < 60_000; i++) {
        w.hit(0, i % 977);
        if (i % 1000 == 0) {
          w.thread(1 + i / 1000, "worker", i / 1000);
          w.exception(0, new ExceptionRecord(i % 977, true, ExceptionRecord.UNTRACED, 2));
        }
      }
      w.end(0, new EndRecord(java.util.List.of(new EndRecord.Frame(5, true), new EndRecord.Frame(3, false))));
    }
    return bytes.toByteArray();
  }

  private static void read(final byte[] bytes) throws IOException {
    new HitStreamReader(new ByteArrayInputStream(bytes)).accept(new HitVisitor() {
      @Override
      public void thread(final int thread, final String name, final long startOrder) {
      }

      @Override
      public void hit(final int thread, final int block) {
      }

      @Override
      public void exception(final int thread, final ExceptionRecord exception) {
      }

      @Override
      public void end(final int thread, final EndRecord end) {
      }
    });
  }

  private static void assertRefused(final byte[] bytes) {
    assertThatThrownBy(() -> read(bytes)).isInstanceOf(IOException.class)
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n").isNotBlank());
  }

  @Example
  void theValidStreamSpansSeveralFramesAndReads() throws IOException {
    assertThat(VALID.length).isGreaterThan(2 * HitStreamWriter.FRAME);
    read(VALID);
  }

  @Property(tries = 150)
  void aTruncatedStreamIsRefused(@ForAll final int cut) {
    assertRefused(Arrays.copyOf(VALID, Math.floorMod(cut, VALID.length)));
  }

  @Property(tries = 150)
  void aFlippedBitIsRefused(@ForAll final int where, @ForAll @IntRange(min = 0, max = 7) final int bit) {
    final byte[] flipped = VALID.clone();
    flipped[Math.floorMod(where, flipped.length)] ^= (byte) (1 << bit);
    assertRefused(flipped);
  }

  @Property(tries = 150)
  void randomBytesAreRefused(@ForAll @Size(max = 5000) final byte[] random, @ForAll final boolean withHeader) {
    final byte[] bytes = withHeader ? concat(Arrays.copyOf(VALID, 8), random) : random;
    assertRefused(bytes);
  }

  @Example
  void version1IsRefusedWithAMessage() {
    final byte[] old = VALID.clone();
    old[7] = 1;
    assertThatThrownBy(() -> read(old)).hasMessageContaining("version 1 has no checksums");
  }

  private static byte[] concat(final byte[] a, final byte[] b) {
    final byte[] c = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, c, a.length, b.length);
    return c;
  }
}
