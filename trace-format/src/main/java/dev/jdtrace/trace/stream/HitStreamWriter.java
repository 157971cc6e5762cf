package dev.jdtrace.trace.stream;

import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Writes a session's hit stream (the "part" file). Format, all integers unsigned LEB128 unless noted:
 * <pre>
 *   "JDTHITS" version:u8=3  frame*        -- frames of {@link FramedOutputStream}: length, payload, CRC-32
 *   payload of the frames, in order:
 *     planId:UTF  session:varint
 *     record*:  1 thread:varint startOrder+1:varint name:UTF   -- a thread's first appearance
 *               2 thread:varint block:varint                   -- a witness hit
 *               3 thread:varint throwBlock+1 inCall:u8 catchBlock+2 unwound+1  -- an exception (ExceptionRecord)
 *               4 thread:varint n:varint (block:varint inCall:u8)*n  -- the thread's stack at VM death, top
 *                                                              first (EndRecord); its last record
 *               5 thread:varint n:varint (frame+1:varint)*n    -- where an attached thread starts (HitVisitor.start)
 *               6 thread:varint                                -- it ended back at that start
 *               8 thread:varint entry:varint                   -- a --within window of the thread begins at
 *                                                              this entry block (HitVisitor.window); only
 *                                                              sessions of --within write it
 *     0                                                        -- end; a stream without it was cut short
 *     [7 exitCode:s32 stdin:UTF stdout:UTF stderr:UTF untracedClasses:UTF]  -- how the run went ({@link
 *                                                              RunRecord}), in frames appended once the program
 *                                                              has exited ({@link #appendRun}); a part from
 *                                                              collect has it, a session attached to a running
 *                                                              JVM has none
 * </pre>
 * Version 1 had no frames and so no checksums; version 2 had no run record: both are refused, with a message to
 * collect the session again. Not thread-safe: one recording thread owns it.
 */
public final class HitStreamWriter implements HitVisitor, AutoCloseable {
  static final byte[] MAGIC = {'J', 'D', 'T', 'H', 'I', 'T', 'S'};
  static final int VERSION = 3;
  /** The oldest version recognised, to be refused with a message of its own: version 2 has no run record. */
  static final int OLDEST = 2;
  static final int END = 0;
  static final int THREAD = 1;
  static final int HIT = 2;
  static final int EXCEPTION = 3;
  static final int THREAD_END = 4;
  static final int START = 5;
  static final int BACK_AT_START = 6;
  static final int RUN = 7;
  static final int WINDOW = 8;
  /** Payload bytes per frame: also the write buffer, as large as the one this replaced. */
  static final int FRAME = 1 << 16;

  private final DataOutputStream out;

  public HitStreamWriter(final OutputStream target, final String planId, final int session) {
    try {
      target.write(MAGIC);
      target.write(VERSION);
      out = new DataOutputStream(new FramedOutputStream(target, FRAME));
      out.writeUTF(planId);
      VarInts.write(out, session);
    } catch (final IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void thread(final int thread, final String name, final long startOrder) {
    try {
      out.writeByte(THREAD);
      VarInts.write(out, thread);
      VarInts.write(out, startOrder + 1);
      out.writeUTF(name);
    } catch (final IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void hit(final int thread, final int block) {
    try {
      out.writeByte(HIT);
      VarInts.write(out, thread);
      VarInts.write(out, block);
    } catch (final IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void exception(final int thread, final ExceptionRecord e) {
    try {
      out.writeByte(EXCEPTION);
      VarInts.write(out, thread);
      VarInts.write(out, e.throwBlock() + 1L);
      out.writeByte(e.inCall() ? 1 : 0);
      VarInts.write(out, e.catchBlock() + 2L);
      VarInts.write(out, e.unwound() + 1L);
    } catch (final IOException x) {
      throw new UncheckedIOException(x);
    }
  }

  @Override
  public void end(final int thread, final EndRecord end) {
    try {
      out.writeByte(THREAD_END);
      VarInts.write(out, thread);
      VarInts.write(out, end.frames().size());
      for (final EndRecord.Frame f : end.frames()) {
        VarInts.write(out, f.block());
        out.writeByte(f.inCall() ? 1 : 0);
      }
    } catch (final IOException x) {
      throw new UncheckedIOException(x);
    }
  }

  @Override
  public void start(final int thread, final int[] frames) {
    try {
      out.writeByte(START);
      VarInts.write(out, thread);
      VarInts.write(out, frames.length);
      for (final int f : frames) {
        VarInts.write(out, f + 1L);
      }
    } catch (final IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void backAtStart(final int thread) {
    try {
      out.writeByte(BACK_AT_START);
      VarInts.write(out, thread);
    } catch (final IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void window(final int thread, final int entry) {
    try {
      out.writeByte(WINDOW);
      VarInts.write(out, thread);
      VarInts.write(out, entry);
    } catch (final IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Appends how the run went to a closed stream: its program's exit status and digests are known only once
   * it has exited, after the recording closed the stream.
   *
   * @throws IOException when the file cannot be written
   */
  public static void appendRun(final Path stream, final RunRecord run) throws IOException {
    try (DataOutputStream out = new DataOutputStream(new FramedOutputStream(Files.newOutputStream(stream,
        StandardOpenOption.APPEND), FRAME))) {
      out.writeByte(RUN);
      out.writeInt(run.exitCode());
      out.writeUTF(run.stdinSha256());
      out.writeUTF(run.stdoutSha256());
      out.writeUTF(run.stderrSha256());
      out.writeUTF(run.untracedClassesSha256());
    }
  }

  /** Writes the end marker and closes. */
  @Override
  public void close() {
    try {
      out.writeByte(END);
      out.close();
    } catch (final IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
