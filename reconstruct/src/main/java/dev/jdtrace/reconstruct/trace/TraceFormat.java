package dev.jdtrace.reconstruct.trace;

/**
 * The binary trace file. Integers are unsigned LEB128 varints unless noted; strings are Java
 * modified-UTF-8 with a 2-byte length ({@code DataOutput.writeUTF}).
 * <pre>
 * file       = "JDTRACE" version:u8(=1) dictionary thread* end
 * dictionary = classCount { name:UTF sourceFile:UTF }
 *              methodCount { classIndex name:UTF descriptor:UTF }
 *              blockCount { methodIndex startBci endBci lineCount { line } }
 * thread     = 1:u8 name:UTF { 2:u8 n { blockId } }      -- chunks of at most 4096 block ids
 * end        = 0:u8
 * </pre>
 * Thread names are final (with {@code #2}, {@code #3} suffixes applied). Each thread's blocks are in
 * execution order. Readers and writers stream, so memory does not grow with the trace.
 */
public final class TraceFormat {
  static final byte[] MAGIC = {'J', 'D', 'T', 'R', 'A', 'C', 'E'};
  static final int VERSION = 1;
  static final int END = 0;
  static final int THREAD = 1;
  static final int CHUNK = 2;
  static final int CHUNK_SIZE = 4096;

  private TraceFormat() {
  }
}
