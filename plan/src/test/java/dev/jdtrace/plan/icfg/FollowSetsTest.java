package dev.jdtrace.plan.icfg;

import static dev.jdtrace.plan.icfg.IcfgFixture.PROGRAM;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jdtrace.plan.model.Block;
import dev.jdtrace.plan.model.BlockEnd;
import dev.jdtrace.plan.model.Program;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * FOLLOW sets solved on strongly connected components agree with the plain worklist fixpoint of the same
 * equations (the solver they replace), on the fixture classes with random witness sets: no witness (every
 * method's exit flows into its callers), all blocks, and anything between.
 */
class FollowSetsTest {
  private static final IcfgModel.Structure STRUCTURE = IcfgModel.Structure.of(PROGRAM, List.of());

  @Property(tries = 60)
  void componentsAgreeWithTheWorklistFixpoint(@ForAll final long seed,
      @ForAll @IntRange(min = 0, max = 100) final int percent) {
    final Random random = new Random(seed);
    final BitSet witnesses = new BitSet();
    for (int b = 0; b < PROGRAM.blockCount(); b++) {
      if (random.nextInt(100) < percent) {
        witnesses.set(b);
      }
    }
    final IcfgModel model = new IcfgModel(STRUCTURE, witnesses);
    final FollowSets follow = new FollowSets(model);
    final int[][] expected = naive(model);
    for (int m = 0; m <= PROGRAM.methods().size(); m++) {
      assertThat(follow.of(m)).as("FOLLOW of method %d", m).containsExactly(expected[m]);
    }
  }

  /** The worklist solver: every node re-unites all its sources whenever one of its inputs grew. */
  private static int[][] naive(final IcfgModel model) {
    final FirstSets first = model.first();
    final Program p = model.program();
    final int callbackNode = p.methods().size();
    final List<List<int[]>> sets = new ArrayList<>();
    final List<List<Integer>> callers = new ArrayList<>();
    final List<List<Integer>> dependents = new ArrayList<>();
    for (int i = 0; i <= callbackNode; i++) {
      sets.add(new ArrayList<>());
      callers.add(new ArrayList<>());
      dependents.add(new ArrayList<>());
    }
    final Adder add = (node, set, caller) -> {
      sets.get(node).add(set);
      callers.get(node).add(caller);
      if (caller >= 0 && Arrays.binarySearch(set, FirstSets.EXIT) >= 0) {
        dependents.get(caller).add(node);
      }
    };
    add.add(callbackNode, new int[] {FirstSets.EXTERNAL, FirstSets.EXIT}, -1);
    for (int b = 0; b < p.blockCount(); b++) {
      final Block block = p.block(b);
      final int method = p.methodOf(b);
      for (final int clinit : model.clinits(b)) {
        add.add(clinit, first.after(b), method);
      }
      if (block.end() != BlockEnd.INVOKE || block.successors().isEmpty()) {
        continue;
      }
      final int[] ret = first.of(p.blockId(method, block.successors().get(0)));
      final CallTargets t = model.targets(b);
      if (t.external()) {
        add.add(callbackNode, ret, method);
      } else {
        for (final int target : t.traced()) {
          add.add(target, ret, method);
        }
      }
    }
    final BitSet callbacks = model.callbacks();
    for (int m = callbacks.nextSetBit(0); m >= 0; m = callbacks.nextSetBit(m + 1)) {
      add.add(m, new int[] {FirstSets.AFTER_CALLBACK}, -1);
    }
    final int[][] follow = new int[callbackNode + 1][];
    Arrays.fill(follow, new int[0]);
    final ArrayDeque<Integer> work = new ArrayDeque<>();
    for (int i = 0; i <= callbackNode; i++) {
      work.add(i);
    }
    while (!work.isEmpty()) {
      final int n = work.poll();
      int[] acc = new int[0];
      for (int s = 0; s < sets.get(n).size(); s++) {
        final int[] set = sets.get(n).get(s);
        final int caller = callers.get(n).get(s);
        if (caller >= 0 && Arrays.binarySearch(set, FirstSets.EXIT) >= 0) {
          acc = FirstSets.union(acc, Arrays.stream(set).filter(x -> x != FirstSets.EXIT).toArray());
          acc = FirstSets.union(acc, follow[caller]);
        } else {
          acc = FirstSets.union(acc, set);
        }
      }
      if (acc.length != follow[n].length) {
        follow[n] = acc;
        work.addAll(dependents.get(n));
      }
    }
    return follow;
  }

  private interface Adder {
    void add(int node, int[] set, int caller);
  }
}
