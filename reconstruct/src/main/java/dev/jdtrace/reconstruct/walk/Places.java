package dev.jdtrace.reconstruct.walk;

import dev.jdtrace.plan.model.Block;
import dev.jdtrace.plan.model.Program;

/**
 * How the walk's refusals name what they are about: a block by its method, bci and source line, a stream
 * head in words. One place for the wording, so that every refusal reads alike.
 */
final class Places {
  private final Program program;

  Places(final Program program) {
    this.program = program;
  }

  String where(final int block) {
    final Block b = program.block(block);
    final String source = program.declaringClass(program.methodOf(block)).sourceFile();
    return program.methodOfBlock(block).id() + " bci " + b.startBci()
        + (b.firstLine() > 0 ? " (" + (source == null ? "?" : source) + ":" + b.firstLine() + ")" : "");
  }

  String describe(final StreamHead head) {
    return switch (head.kind()) {
      case WITNESS -> "witness " + where(head.witness());
      case END -> "the end of the thread";
      case THROW_TRACED -> "an exception thrown at " + where(head.pointBlock());
      case THROW_UNTRACED -> "an exception thrown in untraced code called at " + where(head.pointBlock());
      case HALT_TRACED -> "the thread's end (the VM died) at " + where(head.pointBlock());
      case HALT_UNTRACED -> "the thread's end (the VM died) in untraced code called at " + where(head.pointBlock());
    };
  }
}
