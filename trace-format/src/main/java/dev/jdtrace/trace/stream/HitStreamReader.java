package dev.jdtrace.trace.stream;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * Reads a hit stream written by {@link HitStreamWriter}. Every frame is verified by its checksum before
 * it is used; a malformed, corrupt or cut stream ends with an {@link IOException} whose message is one
 * line, never another exception.
 */
public final class HitStreamReader {
  private final DataInputStream in;
  private final FramedInputStream frames;
  private final String planId;
  private final int session;
  private RunRecord run;

  /**
   * Reads the header.
   *
   * @throws IOException when the input is not a hit stream
   */
  public HitStreamReader(final InputStream source) throws IOException {
    frames = FramedInputStream.afterHeader(source, HitStreamWriter.MAGIC, HitStreamWriter.OLDEST,
        HitStreamWriter.VERSION, "session stream", "session stream format", "collect the session again");
    if (frames.version() < HitStreamWriter.VERSION) {
      // Its header is not checksummed: a part that says nothing of its run is refused here, not merged.
      throw new IOException("session stream format version " + frames.version() + " does not record how its run "
          + "ended (it was collected by an older jdtrace): collect the session again");
    }
    in = new DataInputStream(frames);
    try {
      planId = in.readUTF();
      session = VarInts.readInt(in);
    } catch (final EOFException e) {
      throw new IOException(cutShort(e), e);
    }
  }

  /** Identity of the plan the stream was recorded for. */
  public String planId() {
    return planId;
  }

  /** Index of the session in its plan. */
  public int session() {
    return session;
  }

  /**
   * How the run went, once {@link #accept} has read the whole stream; {@code null} when the stream has no run
   * record (a session of {@code run} or {@code attach}, which compare their sessions' runs themselves).
   */
  public RunRecord run() {
    return run;
  }

  /**
   * Replays every record to the visitor.
   *
   * @throws IOException when the stream is malformed, corrupt or was cut short
   */
  public void accept(final HitVisitor visitor) throws IOException {
    try {
      while (true) {
        final int tag = in.readUnsignedByte();
        switch (tag) {
          case HitStreamWriter.END -> {
            if (!frames.atEnd()) {
              run = readRun();
            }
            return;
          }
          case HitStreamWriter.THREAD -> {
            final int thread = VarInts.readInt(in);
            final long order = VarInts.read(in) - 1;
            visitor.thread(thread, in.readUTF(), order);
          }
          case HitStreamWriter.HIT -> visitor.hit(VarInts.readInt(in), VarInts.readInt(in));
          case HitStreamWriter.EXCEPTION -> visitor.exception(VarInts.readInt(in), new ExceptionRecord(
              VarInts.readInt(in) - 1, in.readUnsignedByte() == 1, VarInts.readInt(in) - 2, VarInts.readInt(in) - 1));
          case HitStreamWriter.THREAD_END -> visitor.end(VarInts.readInt(in), readEnd());
          case HitStreamWriter.START -> {
            final int thread = VarInts.readInt(in);
            visitor.start(thread, startStack());
          }
          case HitStreamWriter.BACK_AT_START -> visitor.backAtStart(VarInts.readInt(in));
          case HitStreamWriter.WINDOW -> visitor.window(VarInts.readInt(in), VarInts.readInt(in));
          default -> throw new IOException("corrupt session stream: unknown record " + tag);
        }
      }
    } catch (final EOFException e) {
      throw new IOException(cutShort(e), e);
    }
  }

  /** The run record after the end marker: the only record allowed there, and nothing after it. */
  private RunRecord readRun() throws IOException {
    if (in.readUnsignedByte() != HitStreamWriter.RUN) {
      throw new IOException("corrupt session stream: data after its end");
    }
    final RunRecord r = new RunRecord(in.readInt(), in.readUTF(), in.readUTF(), in.readUTF(), in.readUTF());
    if (!frames.atEnd()) {
      throw new IOException("corrupt session stream: data after its run record");
    }
    return r;
  }

  /** An end record: its list grows with the frames really read, never to a declared count at once. */
  private EndRecord readEnd() throws IOException {
    final int n = VarInts.readInt(in);
    if (n == 0) {
      throw new IOException("corrupt session stream: an end record without frames");
    }
    final java.util.List<EndRecord.Frame> frames = new java.util.ArrayList<>(Math.min(n, 64));
    for (int i = 0; i < n; i++) {
      frames.add(new EndRecord.Frame(VarInts.readInt(in), in.readUnsignedByte() == 1));
    }
    return new EndRecord(frames);
  }

  /** A start stack: its array grows with the frames really read, never to a declared count at once. */
  private int[] startStack() throws IOException {
    final int n = VarInts.readInt(in);
    int[] stack = new int[Math.min(n, 64)];
    for (int i = 0; i < n; i++) {
      if (i == stack.length) {
        stack = Arrays.copyOf(stack, Math.min(n, 2 * stack.length));
      }
      stack[i] = VarInts.readInt(in) - 1;
    }
    return stack;
  }

  private static String cutShort(final EOFException e) {
    return e.getMessage() != null ? e.getMessage() : "session stream was cut short (the session did not finish)";
  }
}
