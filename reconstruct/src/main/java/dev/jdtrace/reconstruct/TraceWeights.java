package dev.jdtrace.reconstruct;

import dev.jdtrace.plan.icfg.Weights;
import dev.jdtrace.plan.model.Block;
import dev.jdtrace.plan.model.MethodCfg;
import dev.jdtrace.plan.model.Program;
import dev.jdtrace.plan.optimal.BallLarusWeights;
import dev.jdtrace.plan.optimal.EdgeWeights;
import dev.jdtrace.plan.optimal.FlowEdge;
import dev.jdtrace.plan.optimal.FlowGraph;
import dev.jdtrace.trace.BlockKey;
import dev.jdtrace.trace.TraceDictionary;
import dev.jdtrace.trace.TraceReader;
import dev.jdtrace.trace.TraceVisitor;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The trace profile: edge weights counted in a previous trace, so the next plan puts its witnesses
 * where the program really goes least. Blocks are matched by {@link BlockKey}, so a trace of an older build
 * still helps where the code is unchanged. Methods the trace never ran keep a tiny
 * multiple of the Ball-Larus estimate, which only breaks ties.
 */
public final class TraceWeights implements Weights {
  private static final double UNSEEN = 1e-3;

  /** Per method index, per (from, to) local edge: how often the trace took it. */
  private final Map<Integer, Map<Long, Long>> counts = new HashMap<>();
  private long entries;
  private long matchedEntries;
  private String mainClass;

  private TraceWeights() {
  }

  /**
   * Counts the edges of every thread of a trace against the program.
   *
   * @throws IOException when the trace cannot be read
   */
  public static TraceWeights read(final Path trace, final Program program) throws IOException {
    final TraceWeights weights = new TraceWeights();
    try (InputStream in = Files.newInputStream(trace)) {
      TraceReader.accept(in, weights.new Counter(program));
    } catch (final java.nio.file.NoSuchFileException e) {
      throw new IOException("no such trace file: " + trace, e);
    } catch (final IOException e) {
      throw new IOException(trace + ": " + e.getMessage(), e);
    }
    return weights;
  }

  /** Block entries in the trace. */
  public long entries() {
    return entries;
  }

  /** Block entries of the trace that are blocks of the program: only these weigh the plan. */
  public long matchedEntries() {
    return matchedEntries;
  }

  /**
   * The class whose {@code main} method the trace's {@code main} thread entered first, or {@code null} when
   * that thread started elsewhere (an untraced main class) or is missing: the program the trace was taken of.
   */
  public String mainClass() {
    return mainClass;
  }

  @Override
  public EdgeWeights of(final int method, final FlowGraph graph) {
    final double[] base = new BallLarusWeights(graph).getWeights().edges();
    final Map<Long, Long> seen = counts.getOrDefault(method, Map.of());
    final double[] w = new double[graph.edges().size()];
    final Map<Long, Boolean> used = new HashMap<>();
    for (int i = 0; i < w.length; i++) {
      final FlowEdge e = graph.edges().get(i);
      final long key = key(e.from(), e.to());
      // Parallel edges cannot be told apart in a block path: the first one gets the count.
      final long c = used.putIfAbsent(key, true) == null ? seen.getOrDefault(key, 0L) : 0L;
      w[i] = c + UNSEEN * base[i];
    }
    return new EdgeWeights(graph, w);
  }

  /**
   * The blocks of the classes whose code the trace ran: a breakpoint is only set in a class once it loads, so these
   * are the witnesses a session on the same input will really set.
   */
  public BitSet loadedBlocks(final Program program) {
    final java.util.Set<String> ran = new java.util.HashSet<>();
    counts.keySet().forEach(m -> ran.add(program.methods().get(m).id().className()));
    final BitSet loaded = new BitSet(program.blockCount());
    for (int b = 0; b < program.blockCount(); b++) {
      if (ran.contains(program.methodOfBlock(b).id().className())) {
        loaded.set(b);
      }
    }
    return loaded;
  }

  private static long key(final int from, final int to) {
    return ((long) from << 32) | (to & 0xffffffffL);
  }

  /** Walks each thread with a stack of (method, last block) to attribute consecutive blocks to edges. */
  private final class Counter implements TraceVisitor {
    private final Program program;
    private int[] toProgram;
    private TraceDictionary dictionary;
    private boolean firstOfMain;
    private final List<int[]> stack = new ArrayList<>();

    Counter(final Program program) {
      this.program = program;
    }

    @Override
    public void dictionary(final TraceDictionary d) {
      dictionary = d;
      final Map<BlockKey, Integer> ids = new HashMap<>();
      for (int b = 0; b < program.blockCount(); b++) {
        ids.put(BlockKey.of(program, b), b);
      }
      toProgram = new int[d.blocks().size()];
      for (int b = 0; b < toProgram.length; b++) {
        toProgram[b] = ids.getOrDefault(BlockKey.of(d, b), -1);
      }
    }

    @Override
    public void thread(final String name) {
      unwindAll();
      firstOfMain = name.equals("main");
    }

    @Override
    public void block(final int traceBlock) {
      entries++;
      if (firstOfMain) {
        firstOfMain = false;
        final TraceDictionary.MethodEntry m = dictionary.methodOf(traceBlock);
        if (m.name().equals("main") && m.descriptor().equals("([Ljava/lang/String;)V")) {
          mainClass = dictionary.classOf(traceBlock).name();
        }
      }
      final int b = toProgram[traceBlock];
      if (b >= 0) {
        matchedEntries++;
      }
      if (b < 0) {
        unwindAll();
        return;
      }
      final int method = program.methodOf(b);
      final int local = program.block(b).index();
      for (int i = stack.size() - 1; i >= 0; i--) {
        final int[] frame = stack.get(i);
        if (frame[0] == method && follows(method, frame[1], local)) {
          while (stack.size() > i + 1) {
            exit(stack.remove(stack.size() - 1));
          }
          count(method, frame[1], local);
          frame[1] = local;
          return;
        }
      }
      stack.add(new int[] {method, local});
    }

    private boolean follows(final int method, final int from, final int to) {
      final Block b = program.methods().get(method).blocks().get(from);
      return b.successors().contains(to) || b.handlers().contains(to);
    }

    private void exit(final int[] frame) {
      final MethodCfg m = program.methods().get(frame[0]);
      count(frame[0], frame[1], m.blocks().size());
    }

    private void count(final int method, final int from, final int to) {
      counts.computeIfAbsent(method, k -> new HashMap<>()).merge(key(from, to), 1L, Long::sum);
    }

    private void unwindAll() {
      while (!stack.isEmpty()) {
        exit(stack.remove(stack.size() - 1));
      }
    }

    @Override
    public void end() {
      unwindAll();
    }
  }
}
