package dev.jdtrace.driver.stream;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/** Reads a hit stream written by {@link HitStreamWriter}. */
public final class HitStreamReader {
  private final DataInputStream in;
  private final String planId;
  private final int session;

  /**
   * Reads the header.
   *
   * @throws IOException when the input is not a hit stream
   */
  public HitStreamReader(final InputStream source) throws IOException {
    in = new DataInputStream(new BufferedInputStream(source, 1 << 16));
    final byte[] magic = new byte[HitStreamWriter.MAGIC.length];
    try {
      in.readFully(magic);
      if (!Arrays.equals(magic, HitStreamWriter.MAGIC) || in.readUnsignedByte() != HitStreamWriter.VERSION) {
        throw new IOException("not a jdtrace session stream (bad header)");
      }
      planId = in.readUTF();
      session = VarInts.readInt(in);
    } catch (final EOFException e) {
      throw new IOException("not a jdtrace session stream (too short)", e);
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
   * Replays every record to the visitor.
   *
   * @throws IOException when the stream is malformed or was cut short
   */
  public void accept(final HitVisitor visitor) throws IOException {
    try {
      while (true) {
        final int tag = in.readUnsignedByte();
        switch (tag) {
          case HitStreamWriter.END -> {
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
          case HitStreamWriter.START -> {
            final int thread = VarInts.readInt(in);
            final int[] frames = new int[VarInts.readInt(in)];
            for (int i = 0; i < frames.length; i++) {
              frames[i] = VarInts.readInt(in) - 1;
            }
            visitor.start(thread, frames);
          }
          case HitStreamWriter.BACK_AT_START -> visitor.backAtStart(VarInts.readInt(in));
          default -> throw new IOException("corrupt session stream: unknown record " + tag);
        }
      }
    } catch (final EOFException e) {
      throw new IOException("session stream was cut short (the session did not finish)", e);
    }
  }
}
