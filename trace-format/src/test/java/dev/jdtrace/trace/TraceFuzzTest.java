package dev.jdtrace.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * Truncated, bit-flipped and random trace files end with one IOException line, never another exception,
 * and a visitor never sees a block that is not in the dictionary.
 */
class TraceFuzzTest {
  private static final int BLOCKS = 300;
  private static final byte[] VALID = valid();

  private static byte[] valid() {
    final List<TraceDictionary.BlockEntry> blocks = new ArrayList<>();
    for (int b = 0; b < BLOCKS; b++) {
      blocks.add(new TraceDictionary.BlockEntry(b % 7, b, b + 3, List.of(b, b + 1),
          dev.jdtrace.plan.model.BlockEnd.values()[b % 8], b % 3 == 0 ? List.of(b % 7) : List.<Integer>of(), b % 5 == 0 ? List.of((b + 1) % BLOCKS)
          : List.of()));
    }
    final List<TraceDictionary.MethodEntry> methods = new ArrayList<>();
    for (int m = 0; m < 7; m++) {
      methods.add(new TraceDictionary.MethodEntry(m % 2, "m" + m, "()V"));
    }
    final TraceDictionary d = new TraceDictionary(List.of(new TraceDictionary.ClassEntry("a.B", "B.java"),
        new TraceDictionary.ClassEntry("a.C", "")), methods, blocks);
    final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (TraceWriter w = new TraceWriter(bytes)) {
      w.dictionary(d);
      w.thread("main");
      for (int i = 0; i < 20_000; i++) {
        w.block(i * 31 % BLOCKS);
      }
      w.thread("worker");
      w.block(5);
      w.end();
    }
    return bytes.toByteArray();
  }

  /** Checks what it is shown, as an export would rely on. */
  private static final class Strict implements TraceVisitor {
    private TraceDictionary dictionary;
    private final List<String> threads = new ArrayList<>();
    private int blocks;
    private boolean ended;

    @Override
    public void dictionary(final TraceDictionary d) {
      dictionary = d;
    }

    @Override
    public void thread(final String name) {
      threads.add(name);
    }

    @Override
    public void block(final int block) {
      dictionary.classOf(block);
      blocks++;
    }

    @Override
    public void end() {
      ended = true;
    }
  }

  private static void assertRefused(final byte[] bytes) {
    assertThatThrownBy(() -> TraceReader.accept(new ByteArrayInputStream(bytes), new Strict()))
        .isInstanceOf(IOException.class)
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n").isNotBlank());
  }

  @Example
  void theValidTraceHasSeveralChunksAndReads() throws IOException {
    final Strict visitor = new Strict();
    TraceReader.accept(new ByteArrayInputStream(VALID), visitor);
    assertThat(visitor.threads).containsExactly("main", "worker");
    assertThat(visitor.blocks).isEqualTo(20_001);
    // The reader refuses a chunk of more than CHUNK_SIZE entries, so the trace it read held at least three chunk
    // frames: the cuts and flips below fall across chunk frames too.
    assertThat(visitor.blocks).isGreaterThan(2 * TraceFormat.CHUNK_SIZE);
    assertThat(visitor.ended).isTrue();
  }

  @Property(tries = 300)
  void aTruncatedTraceIsRefused(@ForAll final int cut) {
    assertRefused(Arrays.copyOf(VALID, Math.floorMod(cut, VALID.length)));
  }

  @Property(tries = 300)
  void aFlippedBitIsRefused(@ForAll final int where, @ForAll @IntRange(min = 0, max = 7) final int bit) {
    final byte[] flipped = VALID.clone();
    flipped[Math.floorMod(where, flipped.length)] ^= (byte) (1 << bit);
    assertRefused(flipped);
  }

  /** The dictionary comes first: a flip there is caught before the visitor sees any of it. */
  @Property(tries = 100)
  void aFlippedDictionaryIsRefusedBeforeTheVisitorSeesIt(@ForAll final int where) {
    // The dictionary's frame: the header, then its length, payload and checksum.
    final int frameEnd = 8 + 4 + (VALID[8] << 24 | (VALID[9] & 0xFF) << 16 | (VALID[10] & 0xFF) << 8
        | VALID[11] & 0xFF) + 4;
    final byte[] flipped = VALID.clone();
    flipped[8 + Math.floorMod(where, frameEnd - 8)] ^= 0x10;
    final Strict visitor = new Strict();
    assertThatThrownBy(() -> TraceReader.accept(new ByteArrayInputStream(flipped), visitor))
        .isInstanceOf(IOException.class);
    assertThat(visitor.dictionary == null).as("the visitor saw no dictionary").isTrue();
  }

  @Property(tries = 300)
  void randomBytesAreRefused(@ForAll @Size(max = 5000) final byte[] random, @ForAll final boolean withHeader) {
    final byte[] bytes = withHeader ? concat(Arrays.copyOf(VALID, 8), random) : random;
    assertRefused(bytes);
  }

  @Example
  void anythingAfterTheEndIsRefused() {
    assertRefused(concat(VALID, VALID));
  }

  @Example
  void version1IsRefusedWithAMessage() {
    final byte[] old = VALID.clone();
    old[7] = 1;
    assertThatThrownBy(() -> TraceReader.accept(new ByteArrayInputStream(old), new Strict()))
        .hasMessage("trace format version 1 has no checksums, so this jdtrace does not read it: record the trace "
            + "again");
  }

  /** A frame declaring a megabyte in a 20-byte file, and a dictionary declaring 2^31 classes, allocate little. */
  @Example
  void declaredLengthsLargerThanTheFileAreNotAllocated() {
    final byte[] frame = concat(Arrays.copyOf(VALID, 8), new byte[] {0x00, 0x0F, (byte) 0xFF, (byte) 0xFF, 1, 2, 3});
    assertThat(allocatedReading(frame)).isLessThan(0xFFFFF / 2);
  }

  private static long allocatedReading(final byte[] bytes) {
    final com.sun.management.ThreadMXBean threads =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    final long id = Thread.currentThread().getId();
    final long before = threads.getThreadAllocatedBytes(id);
    assertRefused(bytes);
    return threads.getThreadAllocatedBytes(id) - before;
  }

  private static byte[] concat(final byte[] a, final byte[] b) {
    final byte[] c = Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, c, a.length, b.length);
    return c;
  }
}
