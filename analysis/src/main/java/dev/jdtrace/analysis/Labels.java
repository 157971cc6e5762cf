package dev.jdtrace.analysis;

import dev.jdtrace.trace.TraceDictionary.BlockEntry;
import dev.jdtrace.trace.TraceDictionary.ClassEntry;
import dev.jdtrace.trace.TraceDictionary.MethodEntry;
import dev.jdtrace.trace.TraceDictionary;
import java.util.List;

/** Human names for a dictionary's methods and blocks, as the views print them. Immutable. */
public final class Labels {
  private final TraceDictionary dictionary;
  private final int[] firstLine;

  public Labels(final TraceDictionary dictionary) {
    this.dictionary = dictionary;
    firstLine = new int[dictionary.methods().size()];
    for (final BlockEntry b : dictionary.blocks()) {
      if (b.startBci() == 0 && !b.lines().isEmpty()) {
        firstLine[b.methodIndex()] = b.lines().get(0);
      }
    }
  }

  /** The dictionary named. */
  public TraceDictionary dictionary() {
    return dictionary;
  }

  /** {@code a.b.Class.method}, the form of a Java stack trace. */
  public String method(final int method) {
    final MethodEntry m = dictionary.methods().get(method);
    return dictionary.classes().get(m.classIndex()).name() + "." + m.name();
  }

  /** {@code name+descriptor}, as in the blocks export. */
  public String signature(final int method) {
    final MethodEntry m = dictionary.methods().get(method);
    return m.name() + m.descriptor();
  }

  /** The binary class name of a method. */
  public String className(final int method) {
    return classOf(method).name();
  }

  /** The source file of a method, or {@code ""}. */
  public String file(final int method) {
    return classOf(method).sourceFile();
  }

  /** The first line of a method's entry block, or 0 when unknown. */
  public int firstLine(final int method) {
    return firstLine[method];
  }

  /** The first source line of a block, or 0 when it has none. */
  public int line(final int block) {
    final List<Integer> lines = dictionary.blocks().get(block).lines();
    return lines.isEmpty() ? 0 : lines.get(0);
  }

  /** {@code File.java:line}, or {@code File.java} without a line, or {@code Unknown Source}. */
  public String place(final int method, final int line) {
    final String file = file(method).isEmpty() ? "Unknown Source" : file(method);
    return line > 0 ? file + ":" + line : file;
  }

  /** A stack-trace element: {@code a.b.Class.method(File.java:line)}. */
  public String frame(final int method, final int block) {
    return method(method) + "(" + place(method, line(block)) + ")";
  }

  /** One block for context listings: {@code Class.method (File.java:line) bci s-e}. */
  public String block(final int block) {
    final BlockEntry b = dictionary.blocks().get(block);
    return method(b.methodIndex()) + " (" + place(b.methodIndex(), line(block)) + ") bci " + b.startBci() + "-"
        + b.endBci();
  }

  private ClassEntry classOf(final int method) {
    return dictionary.classes().get(dictionary.methods().get(method).classIndex());
  }
}
