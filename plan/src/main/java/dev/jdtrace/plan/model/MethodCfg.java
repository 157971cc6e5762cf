package dev.jdtrace.plan.model;

import java.util.List;

/**
 * The control-flow graph of one method with bytecode. Block 0 is the entry.
 *
 * @param id the method
 * @param access JVM access flags of the method
 * @param blocks the blocks in bytecode order
 * @param instructionStarts offsets of every instruction start, ascending: the only legal breakpoint offsets
 * @param codeHash hex SHA-256 of the method's code bytes as analysed, compared with the JVM's own bytecode
 */
public record MethodCfg(MethodId id, int access, List<Block> blocks, List<Integer> instructionStarts, String codeHash) {

  public MethodCfg {
    blocks = List.copyOf(blocks);
    instructionStarts = List.copyOf(instructionStarts);
  }

  /** The entry block. */
  public Block entry() {
    return blocks.get(0);
  }

  /** Whether the method is static. */
  public boolean isStatic() {
    return (access & 0x0008) != 0;
  }
}
