package dev.jdtrace.trace;

import dev.jdtrace.plan.model.BlockEnd;
import dev.jdtrace.trace.stream.FramedOutputStream;
import dev.jdtrace.trace.stream.VarInts;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;

/** Writes a trace file (see {@link TraceFormat}) from visitor calls. Not thread-safe. */
public final class TraceWriter implements TraceVisitor, AutoCloseable {
  private final OutputStream target;
  private final FramedOutputStream frames;
  private final DataOutputStream out;
  private final int[] chunk = new int[TraceFormat.CHUNK_SIZE];
  private final byte[] encoded = new byte[1 + VarInts.MAX_INT_BYTES * (TraceFormat.CHUNK_SIZE + 1)];
  private int filled;
  private long blocks;

  public TraceWriter(final OutputStream target) {
    this.target = target;
    frames = new FramedOutputStream(target, TraceFormat.FRAME);
    out = new DataOutputStream(frames);
  }

  @Override
  public void dictionary(final TraceDictionary d) {
    try {
      target.write(TraceFormat.MAGIC);
      target.write(TraceFormat.VERSION);
      VarInts.write(out, d.classes().size());
      for (final TraceDictionary.ClassEntry c : d.classes()) {
        out.writeUTF(c.name());
        out.writeUTF(c.sourceFile());
      }
      VarInts.write(out, d.methods().size());
      for (final TraceDictionary.MethodEntry m : d.methods()) {
        VarInts.write(out, m.classIndex());
        out.writeUTF(m.name());
        out.writeUTF(m.descriptor());
      }
      VarInts.write(out, d.blocks().size());
      for (final TraceDictionary.BlockEntry b : d.blocks()) {
        VarInts.write(out, b.methodIndex());
        VarInts.write(out, b.startBci());
        VarInts.write(out, b.endBci());
        VarInts.write(out, b.lines().size());
        for (final int line : b.lines()) {
          VarInts.write(out, line);
        }
        VarInts.write(out, code(b.end()) + (b.clinits().isEmpty() ? 0 : TraceFormat.HAS_CLINITS)
            + (b.handlers().isEmpty() ? 0 : TraceFormat.HAS_HANDLERS)
            + (b.untracedInit() ? TraceFormat.UNTRACED_INIT : 0));
        if (!b.clinits().isEmpty()) {
          VarInts.write(out, b.clinits().size());
          for (final int clinit : b.clinits()) {
            VarInts.write(out, clinit);
          }
        }
        if (!b.handlers().isEmpty()) {
          VarInts.write(out, b.handlers().size());
          for (final int handler : b.handlers()) {
            VarInts.write(out, handler);
          }
        }
      }
      frames.endFrame();
    } catch (final IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void thread(final String name) {
    try {
      flush();
      out.writeByte(TraceFormat.THREAD);
      out.writeUTF(name);
    } catch (final IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void block(final int block) {
    chunk[filled++] = block;
    blocks++;
    if (filled == chunk.length) {
      try {
        flush();
      } catch (final IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  @Override
  public void window() {
    try {
      flush();
      out.writeByte(TraceFormat.WINDOW);
    } catch (final IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void end() {
    try {
      flush();
      out.writeByte(TraceFormat.END);
      VarInts.write(out, blocks);
      out.flush();
    } catch (final IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static int code(final BlockEnd end) {
    for (int i = 0; i < TraceFormat.ENDS.length; i++) {
      if (TraceFormat.ENDS[i] == end) {
        return i;
      }
    }
    throw new IllegalArgumentException("a trace file needs how every block ends, not " + end);
  }

  /** Blocks written so far. */
  public long blocks() {
    return blocks;
  }

  private void flush() throws IOException {
    if (filled == 0) {
      return;
    }
    // One write per chunk: a stream call per byte costs more than the decoding walk itself.
    int at = 0;
    encoded[at++] = TraceFormat.CHUNK;
    at = VarInts.encode(encoded, at, filled);
    for (int i = 0; i < filled; i++) {
      at = VarInts.encode(encoded, at, chunk[i]);
    }
    out.write(encoded, 0, at);
    frames.endFrame();
    filled = 0;
  }

  @Override
  public void close() {
    try {
      out.close();
    } catch (final IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
