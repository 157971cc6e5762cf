package dev.jdtrace.trace;

import dev.jdtrace.plan.icfg.IcfgModel;
import dev.jdtrace.plan.model.Block;
import dev.jdtrace.plan.model.BlockEnd;
import dev.jdtrace.plan.model.ClassModel;
import dev.jdtrace.plan.model.MethodCfg;
import dev.jdtrace.plan.model.Program;
import java.util.ArrayList;
import java.util.Arrays;
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

  /**
   * A block.
   *
   * @param methodIndex index of its method
   * @param startBci offset of its first instruction
   * @param endBci offset of its last instruction
   * @param lines its source lines
   * @param end how its last instruction leaves it: {@link BlockEnd#INVOKE} is a call site, whose call
   *     returns to the next block of the method (its return site); {@code null} when unknown (a version 2
   *     file)
   * @param clinits the indices of the class initialisers ({@code <clinit>} methods) an instruction of it
   *     can start, which then run inside it
   * @param handlers the ids of the exception-handler blocks that cover any of its instructions
   * @param untracedInit whether an instruction of it can start an untraced class's initialiser that may call
   *     traced code, which then runs inside it (IcfgModel#untracedInit; always false in a version 2 or 3 file)
   */
  public record BlockEntry(int methodIndex, int startBci, int endBci, List<Integer> lines, BlockEnd end,
      List<Integer> clinits, List<Integer> handlers, boolean untracedInit) {
    public BlockEntry {
      lines = List.copyOf(lines);
      clinits = List.copyOf(clinits);
      handlers = List.copyOf(handlers);
    }

    /** A block that starts no untraced initialiser. */
    public BlockEntry(final int methodIndex, final int startBci, final int endBci, final List<Integer> lines,
        final BlockEnd end, final List<Integer> clinits, final List<Integer> handlers) {
      this(methodIndex, startBci, endBci, lines, end, clinits, handlers, false);
    }

    /** A block of a version 2 file: how it ends is unknown. */
    public BlockEntry(final int methodIndex, final int startBci, final int endBci, final List<Integer> lines) {
      this(methodIndex, startBci, endBci, lines, null, List.of(), List.of());
    }
  }

  /**
   * The dictionary of a model's program: ids are the program's global block ids; the class initialisers
   * each block can start, traced or not, are the model's.
   */
  public static TraceDictionary of(final IcfgModel model) {
    final Program program = model.program();
    final List<ClassEntry> classes = new ArrayList<>();
    final List<MethodEntry> methods = new ArrayList<>();
    final List<BlockEntry> blocks = new ArrayList<>();
    for (final ClassModel c : program.classes()) {
      final int ci = classes.size();
      classes.add(new ClassEntry(c.name(), c.sourceFile() == null ? "" : c.sourceFile()));
      for (final MethodCfg m : c.methods()) {
        final int mi = methods.size();
        methods.add(new MethodEntry(ci, m.id().name(), m.id().descriptor()));
        final int first = blocks.size();
        for (final Block b : m.blocks()) {
          blocks.add(new BlockEntry(mi, b.startBci(), b.endBci(), b.lines(), b.end(),
              Arrays.stream(model.clinits(blocks.size())).boxed().toList(),
              b.handlers().stream().map(h -> first + h).toList(), model.untracedInit(blocks.size())));
        }
      }
    }
    return new TraceDictionary(classes, methods, blocks);
  }

  /** Whether every block says how it ends (a version 3 file), so calls and returns are exact. */
  public boolean endsKnown() {
    return blocks.stream().allMatch(b -> b.end() != null);
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
