package dev.jdtrace.trace;

import dev.jdtrace.plan.model.Block;
import dev.jdtrace.plan.model.MethodId;
import dev.jdtrace.plan.model.Program;
import dev.jdtrace.trace.TraceDictionary;

/**
 * What makes two blocks the same across builds and traces: their class, method and offsets (the fields of
 * the blocks export). Block numbers differ between programs and trace dictionaries; this key does not, so a
 * trace of an older build still matches where the code is unchanged.
 *
 * @param className binary name with dots
 * @param method method name followed by its descriptor
 * @param startBci offset of the block's first instruction
 * @param endBci offset of the block's last instruction
 */
public record BlockKey(String className, String method, int startBci, int endBci) {

  /** The key of a block of a program. */
  public static BlockKey of(final Program program, final int block) {
    final MethodId id = program.methodOfBlock(block).id();
    final Block b = program.block(block);
    return new BlockKey(id.className(), id.nameAndDescriptor(), b.startBci(), b.endBci());
  }

  /** The key of a block of a trace's dictionary. */
  public static BlockKey of(final TraceDictionary dictionary, final int block) {
    final TraceDictionary.MethodEntry m = dictionary.methodOf(block);
    final TraceDictionary.BlockEntry b = dictionary.blocks().get(block);
    return new BlockKey(dictionary.classOf(block).name(), m.name() + m.descriptor(), b.startBci(), b.endBci());
  }
}
