package dev.jdtrace.reconstruct.trace;

import dev.jdtrace.driver.stream.VarInts;
import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Streams a trace file (see {@link TraceFormat}) to a visitor. */
public final class TraceReader {
  private TraceReader() {
  }

  /**
   * Reads the whole trace.
   *
   * @throws IOException when the input is not a complete jdtrace trace
   */
  public static void accept(final InputStream source, final TraceVisitor visitor) throws IOException {
    final DataInputStream in = new DataInputStream(new BufferedInputStream(source, 1 << 16));
    try {
      final byte[] magic = new byte[TraceFormat.MAGIC.length];
      if (in.readNBytes(magic, 0, magic.length) < magic.length || !Arrays.equals(magic, TraceFormat.MAGIC)) {
        throw new IOException("not a jdtrace trace file");
      }
      final int version = in.readUnsignedByte();
      if (version != TraceFormat.VERSION) {
        throw new IOException("trace format version " + version + " is not supported (this jdtrace reads "
            + TraceFormat.VERSION + ")");
      }
      visitor.dictionary(readDictionary(in));
      while (true) {
        final int tag = in.readUnsignedByte();
        switch (tag) {
          case TraceFormat.END -> {
            visitor.end();
            return;
          }
          case TraceFormat.THREAD -> visitor.thread(in.readUTF());
          case TraceFormat.CHUNK -> {
            final int n = VarInts.readInt(in);
            for (int i = 0; i < n; i++) {
              visitor.block(VarInts.readInt(in));
            }
          }
          default -> throw new IOException("corrupt trace file: unknown record " + tag);
        }
      }
    } catch (final EOFException e) {
      throw new IOException("trace file is truncated", e);
    }
  }

  private static TraceDictionary readDictionary(final DataInputStream in) throws IOException {
    final List<TraceDictionary.ClassEntry> classes = new ArrayList<>();
    for (int n = VarInts.readInt(in); n > 0; n--) {
      classes.add(new TraceDictionary.ClassEntry(in.readUTF(), in.readUTF()));
    }
    final List<TraceDictionary.MethodEntry> methods = new ArrayList<>();
    for (int n = VarInts.readInt(in); n > 0; n--) {
      methods.add(new TraceDictionary.MethodEntry(VarInts.readInt(in), in.readUTF(), in.readUTF()));
    }
    final List<TraceDictionary.BlockEntry> blocks = new ArrayList<>();
    for (int n = VarInts.readInt(in); n > 0; n--) {
      final int method = VarInts.readInt(in);
      final int start = VarInts.readInt(in);
      final int end = VarInts.readInt(in);
      final List<Integer> lines = new ArrayList<>();
      for (int k = VarInts.readInt(in); k > 0; k--) {
        lines.add(VarInts.readInt(in));
      }
      blocks.add(new TraceDictionary.BlockEntry(method, start, end, lines));
    }
    return new TraceDictionary(classes, methods, blocks);
  }
}
