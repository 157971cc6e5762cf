package dev.jdtrace.reconstruct.walk;

import dev.jdtrace.plan.icfg.CallTargets;
import dev.jdtrace.plan.icfg.FirstSets;
import dev.jdtrace.plan.icfg.IcfgModel;
import dev.jdtrace.plan.model.Block;
import dev.jdtrace.plan.model.Program;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Which blocks reach a given block along a path without a witness of one session: the question behind a
 * throw or halt at the head of a stream, which FIRST sets do not answer because the point is not a witness.
 * Its own class because it is a plain graph search over the whole program, apart from the walk's stack;
 * the blocks reaching a point are found once per point and kept, since exceptions ask it of every callback.
 */
final class WitnessFreePaths {
  private final IcfgModel model;
  private final Program program;
  private final FirstSets first;
  /** Entry blocks of the callbacks, which untraced code may call. */
  private final int[] callbackEntries;
  /** Per target block: the blocks that reach it without a witness ({@link #reaches}). */
  private final Map<Integer, BitSet> reaching = new HashMap<>();
  private int[][] predecessors;

  WitnessFreePaths(final IcfgModel model) {
    this.model = model;
    this.program = model.program();
    this.first = model.first();
    this.callbackEntries = model.callbacks().stream().map(m -> program.blockId(m, 0)).toArray();
  }

  /**
   * Whether a witness-free path from {@code from} (through calls, through the class initialisers a block
   * starts, and through callbacks from untraced calls) enters {@code target}. A session that does not hold a
   * callback's first witnesses sees an exception thrown in a callback with no witness before it.
   */
  boolean reaches(final int from, final int target) {
    return reaching.computeIfAbsent(target, this::reachingBlocks).get(from);
  }

  /** Non-witness blocks with a witness-free path to the target, itself included unless a witness. */
  private BitSet reachingBlocks(final int target) {
    final BitSet out = new BitSet();
    if (model.isWitness(target)) {
      return out; // entering a witness would pop it, but the stream holds the exception next
    }
    final int[][] pred = predecessors();
    final ArrayDeque<Integer> work = new ArrayDeque<>();
    out.set(target);
    work.push(target);
    final int untraced = program.blockCount();
    boolean untracedSeen = false;
    while (!work.isEmpty()) {
      final int y = work.pop();
      for (final int p : pred[y]) {
        if (p == untraced) {
          if (!untracedSeen) {
            untracedSeen = true;
            work.push(p);
          }
        } else if (!out.get(p) && !model.isWitness(p)) {
          out.set(p);
          work.push(p);
        }
      }
    }
    out.clear(untraced);
    return out;
  }

  /**
   * Reverse edges of the paths {@link #reaches} follows; node {@code blockCount} stands for untraced code,
   * entered by every untraced call and entering every callback. A block that starts class initialisers
   * enters their entries: an exception thrown in one, or in a callback of untraced code it calls, is
   * reached through that block.
   */
  private int[][] predecessors() {
    if (predecessors != null) {
      return predecessors;
    }
    final int untraced = program.blockCount();
    final List<List<Integer>> pred = new ArrayList<>();
    for (int i = 0; i <= untraced; i++) {
      pred.add(new ArrayList<>(2));
    }
    for (final int entry : callbackEntries) {
      pred.get(entry).add(untraced);
    }
    for (int x = 0; x < untraced; x++) {
      final Block b = program.block(x);
      final int method = program.methodOf(x);
      // A class initialiser the block starts runs inside it, before its way on (FIRST sets do the same).
      for (final int clinit : model.clinits(x)) {
        pred.get(program.blockId(clinit, 0)).add(x);
      }
      if (model.untracedInit(x)) {
        pred.get(untraced).add(x); // an untraced initialiser it starts may call back
      }
      final CallTargets t = model.targets(x);
      boolean through = true;
      if (t != null) {
        through = t.external() || t.isPure();
        if (t.external()) {
          pred.get(untraced).add(x);
        } else {
          for (final int m : t.traced()) {
            final int entry = program.blockId(m, 0);
            pred.get(entry).add(x);
            through |= first.contains(entry, FirstSets.EXIT);
          }
        }
      }
      if (through) {
        for (final int s : b.successors()) {
          pred.get(program.blockId(method, s)).add(x);
        }
      }
    }
    predecessors = new int[pred.size()][];
    for (int i = 0; i < pred.size(); i++) {
      predecessors[i] = pred.get(i).stream().mapToInt(Integer::intValue).toArray();
    }
    return predecessors;
  }
}
