package dev.jdtrace.trace.stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

class FramedStreamTest {

  /** Pieces written with a frame ended after some of them read back as the same bytes. */
  @Property(tries = 200)
  void readsBackWhatWasWritten(@ForAll @Size(max = 30) final List<@Size(max = 3000) byte[]> pieces,
      @ForAll @IntRange(min = 1, max = 5000) final int frameSize) throws IOException {
    final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    final ByteArrayOutputStream expected = new ByteArrayOutputStream();
    try (FramedOutputStream out = new FramedOutputStream(bytes, frameSize)) {
      for (final byte[] p : pieces) {
        out.write(p);
        expected.write(p);
        if (p.length % 3 == 0) {
          out.endFrame();
        }
      }
    }
    final FramedInputStream in = new FramedInputStream(new ByteArrayInputStream(bytes.toByteArray()), "test", 0);
    assertThat(in.readAllBytes()).isEqualTo(expected.toByteArray());
    assertThat(in.atEnd()).isTrue();
  }

  /** Every single-bit error is caught by its frame's checksum or length, before a byte is served. */
  @Property(tries = 300)
  void aFlippedBitIsRefused(@ForAll @Size(min = 1, max = 2000) final byte[] payload, @ForAll final int where,
      @ForAll @IntRange(min = 0, max = 7) final int bit) throws IOException {
    final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (FramedOutputStream out = new FramedOutputStream(bytes, 512)) {
      out.write(payload);
    }
    final byte[] flipped = bytes.toByteArray();
    flipped[Math.floorMod(where, flipped.length)] ^= (byte) (1 << bit);
    assertThatThrownBy(() -> new FramedInputStream(new ByteArrayInputStream(flipped), "test", 0).readAllBytes())
        .isInstanceOf(IOException.class).hasMessageContaining("test");
  }

  @Example
  void aLengthLargerThanTheFileIsNotAllocated() {
    final int declared = FramedOutputStream.MAX_FRAME;
    final byte[] file = {0x00, 0x10, 0x00, 0x00, 1, 2, 3};
    final long allocated = Allocation.during(() -> assertThatThrownBy(() ->
        new FramedInputStream(new ByteArrayInputStream(file), "test", 0).read()).hasMessageContaining("cut short"));
    assertThat(allocated).isLessThan(declared / 2);
  }

  @Example
  void aLengthAboveTheLimitIsCorruption() {
    final byte[] file = {0x7F, 0x00, 0x00, 0x00, 1, 2, 3};
    assertThatThrownBy(() -> new FramedInputStream(new ByteArrayInputStream(file), "test", 0).read())
        .hasMessage("corrupt test: the frame at byte 0 declares 2130706432 bytes (at most 1048576)");
  }

  @Example
  void aCutAtAFrameBoundaryIsTheEnd() throws IOException {
    final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (FramedOutputStream out = new FramedOutputStream(bytes, 4)) {
      out.write(new byte[] {1, 2, 3, 4, 5});
    }
    final byte[] first = Arrays.copyOf(bytes.toByteArray(), 12);
    assertThat(new FramedInputStream(new ByteArrayInputStream(first), "test", 0).readAllBytes())
        .containsExactly(1, 2, 3, 4);
  }
}
