package dev.jdtrace.reconstruct.trace;

import dev.jdtrace.profiler.model.Block;
import dev.jdtrace.profiler.model.ClassModel;
import dev.jdtrace.profiler.model.MethodCfg;
import dev.jdtrace.profiler.model.Program;
import java.util.ArrayList;
import java.util.List;

/**
 * The names a trace's block ids refer to: classes, methods and blocks with their line tables. Block ids
 * are positions in {@link #blocks()}.
 *
 * @param classes the classes
 * @param methods the methods, each pointing at its class
 * @param blocks the blocks, each pointing at its method
 */
public record TraceDictionary(List<ClassEntry> classes, List<MethodEntry> methods, List<BlockEntry> blocks) {

  public TraceDictionary {
    classes = List.copyOf(classes);
    methods = List.copyOf(methods);
    blocks = List.copyOf(blocks);
  }

  /** A class: binary name with dots and its source file name or {@code ""}. */
  public record ClassEntry(String name, String sourceFile) {
  }

  /** A method: index of its class, name and descriptor. */
  public record MethodEntry(int classIndex, String name, String descriptor) {
  }

  /** A block: index of its method, first and last instruction offsets, source lines. */
  public record BlockEntry(int methodIndex, int startBci, int endBci, List<Integer> lines) {
    public BlockEntry {
      lines = List.copyOf(lines);
    }
  }

  /** The dictionary of a program: ids are the program's global block ids. */
  public static TraceDictionary of(final Program program) {
    final List<ClassEntry> classes = new ArrayList<>();
    final List<MethodEntry> methods = new ArrayList<>();
    final List<BlockEntry> blocks = new ArrayList<>();
    for (final ClassModel c : program.classes()) {
      final int ci = classes.size();
      classes.add(new ClassEntry(c.name(), c.sourceFile() == null ? "" : c.sourceFile()));
      for (final MethodCfg m : c.methods()) {
        final int mi = methods.size();
        methods.add(new MethodEntry(ci, m.id().name(), m.id().descriptor()));
        for (final Block b : m.blocks()) {
          blocks.add(new BlockEntry(mi, b.startBci(), b.endBci(), b.lines()));
        }
      }
    }
    return new TraceDictionary(classes, methods, blocks);
  }

  /** The class of a block. */
  public ClassEntry classOf(final int block) {
    return classes.get(methods.get(blocks.get(block).methodIndex()).classIndex());
  }

  /** The method of a block. */
  public MethodEntry methodOf(final int block) {
    return methods.get(blocks.get(block).methodIndex());
  }
}
