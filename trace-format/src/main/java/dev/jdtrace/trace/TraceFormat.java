package dev.jdtrace.trace;

import dev.jdtrace.plan.model.BlockEnd;

/**
 * The binary trace file. Integers are unsigned LEB128 varints unless noted; strings are Java
 * modified-UTF-8 with a 2-byte length ({@code DataOutput.writeUTF}).
 * <pre>
 * file       = "JDTRACE" version:u8(=4) frame*
 * frame      = length:u32 payload crc32(payload):u32    -- FramedOutputStream; length at most 1 MiB
 * payload of the frames, in order:
 *              dictionary thread* end
 * dictionary = classCount { name:UTF sourceFile:UTF }
 *              methodCount { classIndex name:UTF descriptor:UTF }
 *              blockCount { methodIndex startBci endBci lineCount { line } shape
 *                           [clinitCount { clinit }] [handlerCount { handler }] }
 * shape      = end + 8 × (clinits follow) + 16 × (handlers follow) + 32 × (untraced initialiser)
 *                                                         -- end: an index into {@link #ENDS}
 * thread     = 1:u8 name:UTF { 2:u8 n { blockId } | 3:u8 }   -- chunks of 1 to 4096 block ids; 3: a window
 * end        = 0:u8 blocks                               -- the number of block ids in the file
 * </pre>
 * The dictionary ends a frame, and so does each chunk: each has its own checksum (a dictionary longer
 * than a frame has several), and a reader verifies a frame before it uses any of its bytes. Nothing may
 * follow the end. Version 1 had no frames and no checksums; readers refuse it, since a corrupt byte in
 * it cannot be told from data.
 *
 * <p>A block's end is how its last instruction leaves it ({@link BlockEnd}): an {@code INVOKE} block is a
 * call site, whose call returns to the next block of its method; a {@code RETURN} block leaves its frame;
 * a {@code THROW} block ends in {@code athrow}; every other end stays in the method. The clinits are the
 * method indices of the class initialisers an instruction of the block can start (they run inside the
 * block). The handlers are the block ids of the exception handlers covering any instruction of the
 * block. The untraced-initialiser bit says that an instruction of the block can start the initialiser of an
 * untraced class that may call traced code back, which then runs inside the block too. With them, the calls and returns of each thread follow from its block ids (see the analysis
 * module's {@code CallTracker}, which lists the few cases the file cannot tell apart). Version 2 had none
 * of the three; readers still read it, with every block's end {@code null}, and calls there are only
 * guessed. Version 3 lacked the untraced-initialiser bit (its readers took such a callback for a return and a
 * call); readers still read it, as having no such block.
 *
 * <p>A window record (version 4) starts each {@code --within} window of a thread: the blocks after it are a
 * new call of the window's method from code outside the window, so whatever the blocks before it left on the
 * stack is gone (an exception that ended the window before may have left frames there).
 *
 * <p>Thread names are final (with {@code #2}, {@code #3} suffixes applied). Each thread's blocks are in
 * execution order. Readers and writers stream, so memory does not grow with the trace.
 */
public final class TraceFormat {
  static final byte[] MAGIC = {'J', 'D', 'T', 'R', 'A', 'C', 'E'};
  static final int VERSION = 4;
  /** The oldest version read: version 2 lacks how blocks end. */
  static final int OLDEST = 2;
  /** Block ends by their code in the file, fixed here so the file does not depend on the enum's order. */
  static final BlockEnd[] ENDS = {BlockEnd.FALLTHROUGH, BlockEnd.GOTO, BlockEnd.BRANCH, BlockEnd.SWITCH,
      BlockEnd.INVOKE, BlockEnd.RETURN, BlockEnd.THROW, BlockEnd.SUBROUTINE};
  /** The bit of a block's shape saying its class initialisers follow (most blocks start none). */
  static final int HAS_CLINITS = 8;
  /** The bit of a block's shape saying its handlers follow (most blocks have none). */
  static final int HAS_HANDLERS = 16;
  /** The bit of a block's shape saying it can start an untraced class's initialiser that calls traced code. */
  static final int UNTRACED_INIT = 32;
  static final int END = 0;
  static final int THREAD = 1;
  static final int CHUNK = 2;
  static final int WINDOW = 3;
  static final int CHUNK_SIZE = 4096;
  /** Payload bytes per frame: a chunk (at most 5 + 5 × 4096 bytes) and its thread's name fit in one. */
  static final int FRAME = 1 << 16;

  private TraceFormat() {
  }
}
