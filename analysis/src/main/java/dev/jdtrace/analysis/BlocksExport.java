package dev.jdtrace.analysis;

import dev.jdtrace.trace.TraceDictionary;
import dev.jdtrace.trace.TraceVisitor;
import java.io.PrintWriter;

/**
 * The blocks export of DESIGN §4, the stable text form for CI diffs: one line per block entry,
 * {@code thread \t class \t methodName+descriptor \t startBci \t endBci}.
 */
public final class BlocksExport implements TraceVisitor {
  private final PrintWriter out;
  private TraceDictionary dictionary;
  private String thread;

  public BlocksExport(final PrintWriter out) {
    this.out = out;
  }

  @Override
  public void dictionary(final TraceDictionary d) {
    dictionary = d;
  }

  @Override
  public void thread(final String name) {
    thread = name;
  }

  @Override
  public void block(final int block) {
    final TraceDictionary.BlockEntry b = dictionary.blocks().get(block);
    final TraceDictionary.MethodEntry m = dictionary.methods().get(b.methodIndex());
    out.append(thread).append('\t').append(dictionary.classes().get(m.classIndex()).name()).append('\t')
        .append(m.name()).append(m.descriptor()).append('\t').append(Integer.toString(b.startBci())).append('\t')
        .append(Integer.toString(b.endBci())).append('\n');
  }

  @Override
  public void end() {
    out.flush();
  }
}
