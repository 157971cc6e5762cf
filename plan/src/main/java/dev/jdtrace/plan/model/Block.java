package dev.jdtrace.plan.model;

import java.util.List;

/**
 * A standard basic block of one method (DESIGN §2).
 *
 * @param index position of the block in its method, in bytecode order
 * @param startBci offset of the leader
 * @param endBci offset of the block's last instruction
 * @param lines distinct source lines of the block's instructions, in bytecode order; empty without a line table
 * @param end how the block ends
 * @param successors indices of the normal successors in the same method (empty after return or athrow)
 * @param handlers indices of the exception-handler blocks that cover any instruction of this block
 * @param call the call that ends this block, or {@code null} when {@code end != INVOKE}
 * @param inits the references of this block's instructions that can start a class initialisation
 *     ({@code new}, {@code getstatic}, {@code putstatic}, {@code invokestatic}), in bytecode order
 */
public record Block(
    int index,
    int startBci,
    int endBci,
    List<Integer> lines,
    BlockEnd end,
    List<Integer> successors,
    List<Integer> handlers,
    CallSite call,
    List<InitRef> inits) {

  public Block {
    lines = List.copyOf(lines);
    successors = List.copyOf(successors);
    handlers = List.copyOf(handlers);
    inits = List.copyOf(inits);
  }

  /**
   * An instruction that initialises a class on first use.
   *
   * @param owner binary name of the class the instruction names
   * @param member the field or method name, or {@code null} for {@code new}
   * @param descriptor the field or method descriptor, or {@code null} for {@code new}
   */
  public record InitRef(String owner, String member, String descriptor) {
  }

  /** Whether an instruction of this block can start a class initialisation. */
  public boolean initTrigger() {
    return !inits.isEmpty();
  }

  /** First source line, or -1 when the method has no line table. */
  public int firstLine() {
    return lines.isEmpty() ? -1 : lines.get(0);
  }
}
