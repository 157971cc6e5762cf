package dev.jdtrace.trace.stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

class HitStreamTest {

  @Property
  void recordsReadBackInOrder(@ForAll @Size(max = 200) final List<@IntRange(min = 0, max = 3) Integer> threads,
      @ForAll @Size(max = 200) final List<@IntRange(min = 0, max = 1_000_000) Integer> blocks) throws IOException {
    final int n = Math.min(threads.size(), blocks.size());
    final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    final List<String> expected = new ArrayList<>();
    final boolean[] seen = new boolean[4];
    try (HitStreamWriter w = new HitStreamWriter(bytes, "plan-1", 3)) {
      for (int i = 0; i < n; i++) {
        final int t = threads.get(i);
        if (!seen[t]) {
          seen[t] = true;
          w.thread(t, "t" + t, t - 1);
          expected.add("thread " + t + " t" + t + " " + (t - 1));
          if (t % 2 == 1) {
            final int[] start = {blocks.get(i), HitVisitor.UNTRACED, t, HitVisitor.UNTRACED};
            w.start(t, start);
            expected.add("start " + t + " " + Arrays.toString(start));
          }
        }
        if (blocks.get(i) % 13 == 0) {
          w.window(t, blocks.get(i) / 13);
          expected.add("window " + t + " " + blocks.get(i) / 13);
        }
        w.hit(t, blocks.get(i));
        expected.add("hit " + t + " " + blocks.get(i));
        if (blocks.get(i) % 11 == 0) {
          w.backAtStart(t);
          expected.add("back " + t);
        }
        if (blocks.get(i) % 7 == 0) {
          final ExceptionRecord e = new ExceptionRecord(blocks.get(i) % 3 - 1, i % 2 == 0, blocks.get(i) % 5 - 2, i);
          w.exception(t, e);
          expected.add("exception " + t + " " + e);
        }
      }
      for (int t = 0; t < seen.length; t++) {
        if (seen[t] && t % 2 == 0) {
          final List<EndRecord.Frame> frames = new ArrayList<>();
          for (int f = 0; f <= t; f++) {
            frames.add(new EndRecord.Frame(blocks.get(0) + f + t, (f + t) % 3 == 0));
          }
          w.end(t, new EndRecord(frames));
          expected.add("end " + t + " " + new EndRecord(frames));
        }
      }
    }
    final HitStreamReader r = new HitStreamReader(new ByteArrayInputStream(bytes.toByteArray()));
    assertThat(r.planId()).isEqualTo("plan-1");
    assertThat(r.session()).isEqualTo(3);
    final List<String> actual = new ArrayList<>();
    r.accept(new HitVisitor() {
      @Override
      public void thread(final int thread, final String name, final long startOrder) {
        actual.add("thread " + thread + " " + name + " " + startOrder);
      }

      @Override
      public void hit(final int thread, final int block) {
        actual.add("hit " + thread + " " + block);
      }

      @Override
      public void window(final int thread, final int entry) {
        actual.add("window " + thread + " " + entry);
      }

      @Override
      public void exception(final int thread, final ExceptionRecord e) {
        actual.add("exception " + thread + " " + e);
      }

      @Override
      public void end(final int thread, final EndRecord end) {
        actual.add("end " + thread + " " + end);
      }

      @Override
      public void start(final int thread, final int[] frames) {
        actual.add("start " + thread + " " + Arrays.toString(frames));
      }

      @Override
      public void backAtStart(final int thread) {
        actual.add("back " + thread);
      }
    });
    assertThat(actual).isEqualTo(expected);
  }

  @net.jqwik.api.Example
  void aStreamCutShortIsAnError() throws IOException {
    final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (HitStreamWriter w = new HitStreamWriter(bytes, "p", 0)) {
      w.thread(0, "main", -1);
      w.hit(0, 5);
    }
    final byte[] cut = Arrays.copyOf(bytes.toByteArray(), bytes.size() - 1);
    assertThatThrownBy(() -> new HitStreamReader(new ByteArrayInputStream(cut)).accept(new Ignoring())).hasMessageContaining("cut short");
  }

  @net.jqwik.api.Example
  void otherFilesAreRejected() {
    assertThatThrownBy(() -> new HitStreamReader(new ByteArrayInputStream("hello world".getBytes())))
        .isInstanceOf(IOException.class).hasMessageContaining("not a jdtrace session stream");
  }
  @net.jqwik.api.Example
  void aRunRecordAppendedAfterTheEndReadsBack() throws IOException {
    final java.nio.file.Path part = java.nio.file.Files.createTempFile("part", ".stream");
    try {
      try (HitStreamWriter w = new HitStreamWriter(java.nio.file.Files.newOutputStream(part), "p", 2)) {
        w.thread(0, "main", -1);
        w.hit(0, 5);
      }
      final HitStreamReader without = new HitStreamReader(java.nio.file.Files.newInputStream(part));
      without.accept(new Ignoring());
      assertThat(without.run()).isNull();

      final RunRecord run = new RunRecord(-3, "a".repeat(64), "b".repeat(64), "c".repeat(64), "d".repeat(64));
      HitStreamWriter.appendRun(part, run);
      final HitStreamReader with = new HitStreamReader(java.nio.file.Files.newInputStream(part));
      with.accept(new Ignoring());
      assertThat(with.run()).isEqualTo(run);
      assertThat(run.differences(new RunRecord(0, "a".repeat(64), "x", "c".repeat(64), "y")))
          .containsExactly("exit status (-3 and 0)", "standard output", "untraced class files");

      // Only one run record, and nothing after it.
      HitStreamWriter.appendRun(part, run);
      assertThatThrownBy(() -> new HitStreamReader(java.nio.file.Files.newInputStream(part)).accept(new Ignoring()))
          .isInstanceOf(IOException.class).hasMessage("corrupt session stream: data after its run record");
    } finally {
      java.nio.file.Files.delete(part);
    }
  }

  @net.jqwik.api.Example
  void aVersion2StreamIsRefusedWithWhatToDo() throws IOException {
    final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (HitStreamWriter w = new HitStreamWriter(bytes, "p", 0)) {
      w.thread(0, "main", -1);
    }
    final byte[] older = bytes.toByteArray();
    older[HitStreamWriter.MAGIC.length] = 2;
    assertThatThrownBy(() -> new HitStreamReader(new ByteArrayInputStream(older))).isInstanceOf(IOException.class)
        .hasMessageContaining("version 2 does not record how its run ended").hasMessageEndingWith(
            "collect the session again");
  }

  /** Reads and drops every record. */
  private static final class Ignoring implements HitVisitor {
    @Override
    public void thread(final int thread, final String name, final long startOrder) {
    }

    @Override
    public void hit(final int thread, final int block) {
    }

    @Override
    public void exception(final int thread, final ExceptionRecord e) {
    }

    @Override
    public void end(final int thread, final EndRecord end) {
    }
  }
}
