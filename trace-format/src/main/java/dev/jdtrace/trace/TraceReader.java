package dev.jdtrace.trace;

import dev.jdtrace.trace.stream.FramedInputStream;
import dev.jdtrace.trace.stream.VarInts;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * Streams a trace file (see {@link TraceFormat}) to a visitor. Every frame's checksum is verified before
 * its bytes are used, and every index is checked against the dictionary, so a visitor only ever sees a
 * consistent trace; anything else ends with an {@link IOException} whose message is one line.
 */
public final class TraceReader {
  private TraceReader() {
  }

  /**
   * Reads the whole trace.
   *
   * @throws IOException when the input is not a complete, intact jdtrace trace
   */
  public static void accept(final InputStream source, final TraceVisitor visitor) throws IOException {
    final FramedInputStream frames = FramedInputStream.afterHeader(source, TraceFormat.MAGIC, TraceFormat.OLDEST,
        TraceFormat.VERSION, "trace file", "trace format", "record the trace again");
    final DataInputStream in = new DataInputStream(frames);
    try {
      final TraceDictionary dictionary = readDictionary(in, frames.version() > TraceFormat.OLDEST);
      final int blockCount = dictionary.blocks().size();
      visitor.dictionary(dictionary);
      boolean inThread = false;
      long blocks = 0;
      while (true) {
        final int tag = in.readUnsignedByte();
        switch (tag) {
          case TraceFormat.END -> {
            if (VarInts.read(in) != blocks || !frames.atEnd()) {
              throw corrupt("its end does not match its blocks");
            }
            visitor.end();
            return;
          }
          case TraceFormat.THREAD -> {
            visitor.thread(in.readUTF());
            inThread = true;
          }
          case TraceFormat.WINDOW -> {
            if (!inThread) {
              throw corrupt("a window outside a thread");
            }
            visitor.window();
          }
          case TraceFormat.CHUNK -> {
            final int n = VarInts.readInt(in);
            if (!inThread || n < 1 || n > TraceFormat.CHUNK_SIZE) {
              throw corrupt("a chunk of " + n + " blocks " + (inThread ? "" : "outside a thread"));
            }
            for (int i = 0; i < n; i++) {
              final int block = VarInts.readInt(in);
              if (block >= blockCount) {
                throw corrupt("block id " + block + " is not in its dictionary");
              }
              visitor.block(block);
            }
            blocks += n;
          }
          default -> throw corrupt("unknown record " + tag);
        }
      }
    } catch (final EOFException e) {
      throw new IOException(e.getMessage() != null ? e.getMessage() : "trace file is truncated", e);
    }
  }

  private static TraceDictionary.BlockEntry readEnd(final DataInputStream in, final int method, final int start,
      final int end, final List<Integer> lines) throws IOException {
    final int shape = VarInts.readInt(in);
    final int kind = shape & ~(TraceFormat.HAS_CLINITS | TraceFormat.HAS_HANDLERS | TraceFormat.UNTRACED_INIT);
    if (kind >= TraceFormat.ENDS.length) {
      throw corrupt("a block's shape " + shape + " is unknown");
    }
    final List<Integer> clinits = (shape & TraceFormat.HAS_CLINITS) != 0 ? readIds(in) : List.of();
    final List<Integer> handlers = (shape & TraceFormat.HAS_HANDLERS) != 0 ? readIds(in) : List.of();
    return new TraceDictionary.BlockEntry(method, start, end, lines, TraceFormat.ENDS[kind], clinits, handlers,
        (shape & TraceFormat.UNTRACED_INIT) != 0);
  }

  private static List<Integer> readIds(final DataInputStream in) throws IOException {
    final List<Integer> ids = new ArrayList<>();
    for (int k = VarInts.readInt(in); k > 0; k--) {
      ids.add(VarInts.readInt(in));
    }
    return ids;
  }

  private static IOException corrupt(final String what) {
    return new IOException("corrupt trace file: " + what);
  }

  /**
   * Reads the dictionary; its counts grow lists only as entries really arrive, so a wrong count costs nothing.
   *
   * @param ends whether blocks say how they end (version 3)
   */
  private static TraceDictionary readDictionary(final DataInputStream in, final boolean ends) throws IOException {
    final List<TraceDictionary.ClassEntry> classes = new ArrayList<>();
    for (int n = VarInts.readInt(in); n > 0; n--) {
      classes.add(new TraceDictionary.ClassEntry(in.readUTF(), in.readUTF()));
    }
    final List<TraceDictionary.MethodEntry> methods = new ArrayList<>();
    for (int n = VarInts.readInt(in); n > 0; n--) {
      final int owner = VarInts.readInt(in);
      if (owner >= classes.size()) {
        throw corrupt("a method of class " + owner + ", which is not in its dictionary");
      }
      methods.add(new TraceDictionary.MethodEntry(owner, in.readUTF(), in.readUTF()));
    }
    final List<TraceDictionary.BlockEntry> blocks = new ArrayList<>();
    for (int n = VarInts.readInt(in); n > 0; n--) {
      final int method = VarInts.readInt(in);
      if (method >= methods.size()) {
        throw corrupt("a block of method " + method + ", which is not in its dictionary");
      }
      final int start = VarInts.readInt(in);
      final int end = VarInts.readInt(in);
      final List<Integer> lines = new ArrayList<>();
      for (int k = VarInts.readInt(in); k > 0; k--) {
        lines.add(VarInts.readInt(in));
      }
      blocks.add(ends ? readEnd(in, method, start, end, lines) : new TraceDictionary.BlockEntry(method, start, end,
          lines));
    }
    for (final TraceDictionary.BlockEntry b : blocks) {
      for (final int clinit : b.clinits()) {
        if (clinit >= methods.size()) {
          throw corrupt("a class initialiser " + clinit + ", which is not in its dictionary");
        }
      }
      for (final int handler : b.handlers()) {
        if (handler >= blocks.size()) {
          throw corrupt("a handler block " + handler + ", which is not in its dictionary");
        }
      }
    }
    return new TraceDictionary(classes, methods, blocks);
  }
}
