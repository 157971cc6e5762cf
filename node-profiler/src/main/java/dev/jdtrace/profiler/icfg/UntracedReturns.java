package dev.jdtrace.profiler.icfg;

import dev.jdtrace.profiler.model.Block;
import dev.jdtrace.profiler.model.BlockEnd;
import dev.jdtrace.profiler.model.Program;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * Which untraced calls' return sites can lead to given witnesses, for a session holding given witnesses.
 * When a candidate of a choice returns from a callback into untraced code, that code may return from
 * whichever untraced call entered the callback; a session deciding the choice needs that call's return
 * site witnesses only when a path from the return site, free of the session's witnesses, can meet what
 * the other candidates reach (the cycle through the choice closes there).
 *
 * <p>Paths are over-approximated without calling context: a method returns to every caller, a callback
 * into untraced code, which may call any callback or return from any untraced call. One reverse search
 * per question, {@code O(blocks + edges)}.
 */
final class UntracedReturns {
  private final Program program;
  /** Node ids: blocks, then one exit node per method, then the untraced-code node. */
  private final int untraced;
  private final List<List<Integer>> predecessors = new ArrayList<>();
  private final List<Integer> externalCalls = new ArrayList<>();

  UntracedReturns(final IcfgModel model) {
    program = model.program();
    final int blocks = program.blockCount();
    untraced = blocks + program.methods().size();
    for (int i = 0; i <= untraced; i++) {
      predecessors.add(new ArrayList<>(2));
    }
    final BitSet callbacks = model.callbacks();
    for (int m = callbacks.nextSetBit(0); m >= 0; m = callbacks.nextSetBit(m + 1)) {
      edge(untraced, program.blockId(m, 0));
      edge(exit(m), untraced);
    }
    for (int b = 0; b < blocks; b++) {
      final Block block = program.block(b);
      final int method = program.methodOf(b);
      for (final int clinit : model.clinits(b)) {
        edge(b, program.blockId(clinit, 0));
        for (final int s : block.successors()) {
          edge(exit(clinit), program.blockId(method, s));
        }
      }
      if (block.end() == BlockEnd.RETURN) {
        edge(b, exit(method));
      }
      final CallTargets t = model.targets(b);
      if (t != null && !t.isPure()) {
        if (t.external()) {
          edge(b, untraced);
          if (!block.successors().isEmpty()) {
            externalCalls.add(b);
            edge(untraced, program.blockId(method, block.successors().get(0)));
          }
        } else {
          for (final int m : t.traced()) {
            edge(b, program.blockId(m, 0));
            if (!block.successors().isEmpty()) {
              edge(exit(m), program.blockId(method, block.successors().get(0)));
            }
          }
        }
        continue;
      }
      for (final int s : block.successors()) {
        edge(b, program.blockId(method, s));
      }
    }
  }

  /**
   * The untraced call blocks whose return site can reach a target first, on paths that enter no
   * witness of {@code held}.
   */
  List<Integer> reaching(final BitSet targets, final BitSet held) {
    final BitSet seen = new BitSet();
    final ArrayDeque<Integer> work = new ArrayDeque<>();
    for (int w = targets.nextSetBit(0); w >= 0; w = targets.nextSetBit(w + 1)) {
      seen.set(w);
      work.push(w);
    }
    while (!work.isEmpty()) {
      for (final int p : predecessors.get(work.pop())) {
        if (!seen.get(p)) {
          seen.set(p);
          if (p >= program.blockCount() || !held.get(p)) {
            work.push(p); // A held witness ends every path through it: search on only through others.
          }
        }
      }
    }
    final List<Integer> out = new ArrayList<>();
    for (final int x : externalCalls) {
      final int site = program.blockId(program.methodOf(x), program.block(x).successors().get(0));
      if (seen.get(site) && (!held.get(site) || targets.get(site))) {
        out.add(x);
      }
    }
    return out;
  }

  private int exit(final int method) {
    return program.blockCount() + method;
  }

  private void edge(final int from, final int to) {
    predecessors.get(to).add(from);
  }
}
