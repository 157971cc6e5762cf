package dev.jdtrace.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jdtrace.plan.model.BlockEnd;
import dev.jdtrace.trace.stream.FramedOutputStream;
import dev.jdtrace.trace.stream.VarInts;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class TraceFormatTest {
  private static final TraceDictionary DICT = new TraceDictionary(
      List.of(new TraceDictionary.ClassEntry("a.B", "B.java"), new TraceDictionary.ClassEntry("a.C", "")),
      List.of(new TraceDictionary.MethodEntry(0, "main", "([Ljava/lang/String;)V"),
          new TraceDictionary.MethodEntry(1, "<init>", "()V")),
      List.of(new TraceDictionary.BlockEntry(0, 0, 4, List.of(3, 4), BlockEnd.INVOKE, List.of(1), List.of(2)),
          new TraceDictionary.BlockEntry(0, 7, 7, List.of(), BlockEnd.THROW, List.of(), List.of(), true),
          new TraceDictionary.BlockEntry(1, 0, 300, List.of(12), BlockEnd.RETURN, List.of(), List.of())));

  /** Records visitor calls as strings. */
  private static final class Log implements TraceVisitor {
    final List<String> events = new ArrayList<>();
    TraceDictionary dictionary;

    @Override
    public void dictionary(final TraceDictionary d) {
      dictionary = d;
    }

    @Override
    public void thread(final String name) {
      events.add("T " + name);
    }

    @Override
    public void block(final int block) {
      events.add(Integer.toString(block));
    }

    @Override
    public void window() {
      events.add("W");
    }

    @Override
    public void end() {
      events.add("end");
    }
  }

  private static byte[] write(final Log log) {
    final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (TraceWriter w = new TraceWriter(bytes)) {
      w.dictionary(DICT);
      for (final String e : log.events) {
        if (e.startsWith("T ")) {
          w.thread(e.substring(2));
        } else if (e.equals("end")) {
          w.end();
        } else if (e.equals("W")) {
          w.window();
        } else {
          w.block(Integer.parseInt(e));
        }
      }
    }
    return bytes.toByteArray();
  }

  @Test
  void roundTripsWindowsWhereverTheyFallInAChunk() throws IOException {
    final Log in = new Log();
    in.events.add("T main");
    in.events.add("W");
    in.events.add("0");
    in.events.add("1");
    in.events.add("W");
    for (int i = 0; i < TraceFormat.CHUNK_SIZE; i++) {
      in.events.add(Integer.toString(i % 3));
    }
    in.events.add("W");
    in.events.add("2");
    in.events.add("T worker");
    in.events.add("W");
    in.events.add("2");
    in.events.add("end");
    final Log out = new Log();
    TraceReader.accept(new ByteArrayInputStream(write(in)), out);
    assertThat(out.events).isEqualTo(in.events);
  }

  @Test
  void roundTripsDictionaryAndThreadsAcrossChunks() throws IOException {
    final Log in = new Log();
    in.events.add("T main");
    for (int i = 0; i < 10_000; i++) {
      in.events.add(Integer.toString(i % 3));
    }
    in.events.add("T worker#2");
    in.events.add("2");
    in.events.add("end");
    final Log out = new Log();
    TraceReader.accept(new ByteArrayInputStream(write(in)), out);
    assertThat(out.dictionary).isEqualTo(DICT);
    assertThat(out.events).isEqualTo(in.events);
  }

  @Test
  void truncatedTraceIsAnError() {
    final Log in = new Log();
    in.events.addAll(List.of("T main", "1", "end"));
    final byte[] bytes = write(in);
    assertThatThrownBy(() -> TraceReader.accept(new ByteArrayInputStream(Arrays.copyOf(bytes, bytes.length - 1)),
        new Log())).hasMessageContaining("truncated");
  }

  @Test
  void version2IsReadWithoutBlockEnds() throws IOException {
    final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    bytes.write(TraceFormat.MAGIC);
    bytes.write(2);
    final FramedOutputStream frames = new FramedOutputStream(bytes, TraceFormat.FRAME);
    final DataOutputStream out = new DataOutputStream(frames);
    VarInts.write(out, 1);
    out.writeUTF("a.B");
    out.writeUTF("B.java");
    VarInts.write(out, 1);
    VarInts.write(out, 0);
    out.writeUTF("main");
    out.writeUTF("()V");
    VarInts.write(out, 1);
    for (final int v : new int[] {0, 0, 4, 1, 3}) { // method, start, end, one line: 3
      VarInts.write(out, v);
    }
    frames.endFrame();
    out.writeByte(TraceFormat.THREAD);
    out.writeUTF("main");
    for (final int v : new int[] {TraceFormat.CHUNK, 2, 0, 0}) {
      VarInts.write(out, v);
    }
    frames.endFrame();
    out.writeByte(TraceFormat.END);
    VarInts.write(out, 2);
    out.flush();
    final Log log = new Log();
    TraceReader.accept(new ByteArrayInputStream(bytes.toByteArray()), log);
    assertThat(log.dictionary.blocks()).containsExactly(new TraceDictionary.BlockEntry(0, 0, 4, List.of(3)));
    assertThat(log.dictionary.endsKnown()).isFalse();
    assertThat(log.events).containsExactly("T main", "0", "0", "end");
  }

  @Test
  void aDictionaryWithoutBlockEndsIsNotWritten() {
    final TraceDictionary old = new TraceDictionary(DICT.classes(), DICT.methods(),
        List.of(new TraceDictionary.BlockEntry(0, 0, 4, List.of())));
    assertThatThrownBy(() -> new TraceWriter(new ByteArrayOutputStream()).dictionary(old))
        .hasMessageContaining("how every block ends");
  }
}
