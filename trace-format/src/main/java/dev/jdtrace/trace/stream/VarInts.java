package dev.jdtrace.trace.stream;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;

/** Unsigned LEB128 integers, so that small ids take one byte on disk. */
public final class VarInts {
  private VarInts() {
  }

  public static void write(final DataOutput out, final long value) throws IOException {
    long v = value;
    while ((v & ~0x7FL) != 0) {
      out.writeByte((int) ((v & 0x7F) | 0x80));
      v >>>= 7;
    }
    out.writeByte((int) v);
  }

  /** Longest encoding of an int. */
  public static final int MAX_INT_BYTES = 5;

  /** Encodes into {@code buf} at {@code at}; returns the position after it. Avoids a stream call per byte. */
  public static int encode(final byte[] buf, final int at, final int value) {
    int i = at;
    int v = value;
    while ((v & ~0x7F) != 0) {
      buf[i++] = (byte) ((v & 0x7F) | 0x80);
      v >>>= 7;
    }
    buf[i++] = (byte) v;
    return i;
  }

  public static long read(final DataInput in) throws IOException {
    long value = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      final int b = in.readUnsignedByte();
      value |= (long) (b & 0x7F) << shift;
      if ((b & 0x80) == 0) {
        return value;
      }
    }
    throw new IOException("malformed varint");
  }

  /** Reads a varint that must fit an int: a larger one is malformed input, never an arithmetic error. */
  public static int readInt(final DataInput in) throws IOException {
    final long value = read(in);
    if (value < 0 || value > Integer.MAX_VALUE) {
      throw new IOException("malformed varint: " + Long.toUnsignedString(value) + " is not an int");
    }
    return (int) value;
  }
}
