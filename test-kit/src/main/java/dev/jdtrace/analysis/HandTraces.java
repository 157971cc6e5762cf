package dev.jdtrace.analysis;

import dev.jdtrace.plan.model.BlockEnd;
import dev.jdtrace.trace.TraceDictionary.BlockEntry;
import dev.jdtrace.trace.TraceDictionary.ClassEntry;
import dev.jdtrace.trace.TraceDictionary.MethodEntry;
import dev.jdtrace.trace.TraceDictionary;
import dev.jdtrace.trace.TraceVisitor;
import dev.jdtrace.trace.TraceWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Hand-built traces for tests. The standard dictionary has class {@code t.C} ({@code C.java}) with
 * {@code main} = blocks 0 [0-2] 1 [5-7] 2 [10-10] (lines 1, 2, 3) and {@code f} = blocks 3 [0-2] 4 [5-5]
 * 5 [6-8] (lines 10, 11, 12): blocks 0, 1 and 3 are call sites (3-byte gap), 4 falls through (1-byte gap),
 * 2 and 5 end their methods by returning; block 2 is the exception handler covering block 0.
 */
public final class HandTraces {
  private HandTraces() {
  }

  /**
   * A method: name and blocks {start, end, line} or {start, end, line, handler block id}. A block whose
   * next block starts 3 bytes after its last instruction is a call site, a method's last block returns,
   * other blocks fall through.
   */
  public record M(String name, int[]... blocks) {
  }

  /** A dictionary of one class per entry of {@code classes}, each with its methods. */
  public static TraceDictionary dictionary(final Map<String, List<M>> classes) {
    final List<ClassEntry> cs = new ArrayList<>();
    final List<MethodEntry> ms = new ArrayList<>();
    final List<BlockEntry> bs = new ArrayList<>();
    classes.forEach((name, methods) -> {
      cs.add(new ClassEntry(name, name.substring(name.lastIndexOf('.') + 1) + ".java"));
      for (final M m : methods) {
        ms.add(new MethodEntry(cs.size() - 1, m.name(), "()V"));
        for (int i = 0; i < m.blocks().length; i++) {
          final int[] b = m.blocks()[i];
          final int gap = i + 1 < m.blocks().length ? m.blocks()[i + 1][0] - b[1] : 0;
          bs.add(new BlockEntry(ms.size() - 1, b[0], b[1], List.of(b[2]), gap == 3 ? BlockEnd.INVOKE
              : gap == 0 ? BlockEnd.RETURN : BlockEnd.FALLTHROUGH, List.of(),
              b.length > 3 ? List.of(b[3]) : List.of()));
        }
      }
    });
    return new TraceDictionary(cs, ms, bs);
  }

  /** The standard dictionary described above. */
  public static TraceDictionary standard() {
    final Map<String, List<M>> classes = new LinkedHashMap<>();
    classes.put("t.C", List.of(new M("main", new int[] {0, 2, 1, 2}, new int[] {5, 7, 2}, new int[] {10, 10, 3}),
        new M("f", new int[] {0, 2, 10}, new int[] {5, 5, 11}, new int[] {6, 8, 12})));
    return dictionary(classes);
  }

  /** The dictionary with one block's end changed. */
  public static TraceDictionary withEnd(final TraceDictionary d, final int block, final BlockEnd end) {
    final List<BlockEntry> bs = new ArrayList<>(d.blocks());
    final BlockEntry b = bs.get(block);
    bs.set(block, new BlockEntry(b.methodIndex(), b.startBci(), b.endBci(), b.lines(), end, b.clinits(),
        b.handlers()));
    return new TraceDictionary(d.classes(), d.methods(), bs);
  }

  /** The dictionary as a version 2 file has it: how blocks end is unknown. */
  public static TraceDictionary withoutEnds(final TraceDictionary d) {
    return new TraceDictionary(d.classes(), d.methods(), d.blocks().stream()
        .map(b -> new BlockEntry(b.methodIndex(), b.startBci(), b.endBci(), b.lines())).toList());
  }

  /** Plays a trace to a visitor: threads by name, each with its block ids. */
  public static void play(final TraceVisitor v, final TraceDictionary d, final Map<String, int[]> threads) {
    v.dictionary(d);
    threads.forEach((name, blocks) -> {
      v.thread(name);
      for (final int b : blocks) {
        v.block(b);
      }
    });
    v.end();
  }

  /** Writes a trace file. */
  public static Path write(final Path file, final TraceDictionary d, final Map<String, int[]> threads) {
    try (OutputStream out = Files.newOutputStream(file); TraceWriter w = new TraceWriter(out)) {
      play(w, d, threads);
    } catch (final IOException e) {
      throw new UncheckedIOException(e);
    }
    return file;
  }

  /** One thread named main. */
  public static Map<String, int[]> main(final int... blocks) {
    final Map<String, int[]> threads = new LinkedHashMap<>();
    threads.put("main", blocks);
    return threads;
  }
}
