package dev.jdtrace.plan.icfg;

import static dev.jdtrace.plan.icfg.IcfgFixture.PROGRAM;
import static dev.jdtrace.plan.icfg.IcfgFixture.SHOP;
import static dev.jdtrace.plan.icfg.IcfgFixture.callTo;
import static dev.jdtrace.plan.icfg.IcfgFixture.method;
import static org.assertj.core.api.Assertions.assertThat;

import dev.jdtrace.plan.icfg.BlockChoices.Candidate;
import dev.jdtrace.plan.icfg.BlockChoices.Start;
import dev.jdtrace.plan.model.BlockEnd;
import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The choices DecisionUnits and SmallUnits both read, on the Shop fixture with every block a witness (so each
 * candidate's first witness is the block where it starts): a call with several traced targets chooses between
 * their entries, an untraced call leaves untraced code to choose whether it returns, a branch chooses between its
 * targets, and a call with one target chooses nothing.
 */
class BlockChoicesTest {
  private static final IcfgModel MODEL = allBlocks();
  private final BlockChoices choices = new BlockChoices(MODEL);
  private final int total = method(SHOP, "total(Ljava/util/List;)I");

  @Test
  void aCallWithSeveralTracedTargetsChoosesBetweenTheirEntries() {
    final int call = callTo(total, "price");
    final List<Candidate> candidates = choices.candidates(call);
    assertThat(candidates).extracting(Candidate::start).containsExactlyInAnyOrder(
        entry(SHOP + "$Apple", "price()I"), entry(SHOP + "$Pear", "price()I"));
    assertThat(candidates).allSatisfy(c -> {
      assertThat(c.kind()).isEqualTo(Start.CALLEE);
      assertThat(c.first()).containsExactly(c.start());
    });
    assertThat(choices.untracedReturn(call)).isNull();
    final Candidate ret = choices.returnSite(call);
    assertThat(ret.start()).isEqualTo(PROGRAM.successor(call, 0));
    assertThat(ret.kind()).isEqualTo(Start.RETURN_SITE);
  }

  @Test
  void anUntracedCallLeavesItsReturnToUntracedCode() {
    final int call = callTo(method(SHOP, "main([Ljava/lang/String;)V"), "sort");
    assertThat(MODEL.targets(call).external()).as("List.sort is untraced code").isTrue();
    assertThat(choices.candidates(call)).isEmpty();
    final Candidate ret = choices.untracedReturn(call);
    assertThat(ret.start()).isEqualTo(PROGRAM.successor(call, 0));
    assertThat(ret.kind()).isEqualTo(Start.RETURN_SITE);
    assertThat(ret.first()).containsExactly(ret.start());
  }

  @Test
  void aBranchChoosesBetweenItsTargets() {
    final int branch = firstBranch(total);
    assertThat(choices.candidates(branch)).extracting(Candidate::start)
        .containsExactly(PROGRAM.successor(branch, 0), PROGRAM.successor(branch, 1));
    assertThat(choices.candidates(branch)).extracting(Candidate::kind).containsOnly(Start.SUCCESSOR);
    assertThat(choices.untracedReturn(branch)).isNull();
    assertThat(choices.returnSite(branch)).isNull();
  }

  @Test
  void aCallWithOneTracedTargetChoosesNothing() {
    final int call = callTo(method(SHOP + "$Apple", "price()I"), "helper");
    assertThat(choices.candidates(call)).isEmpty();
    assertThat(choices.untracedReturn(call)).isNull();
  }

  private static IcfgModel allBlocks() {
    final BitSet every = new BitSet();
    every.set(0, PROGRAM.blockCount());
    return new IcfgModel(IcfgModel.Structure.of(PROGRAM, List.of()), every);
  }

  private static int entry(final String cls, final String nameAndDescriptor) {
    return PROGRAM.blockId(method(cls, nameAndDescriptor), 0);
  }

  /** The first block of a method that ends in a branch (not a call) with two ways on. */
  private static int firstBranch(final int method) {
    for (int b = 0; b < PROGRAM.methods().get(method).blocks().size(); b++) {
      final int block = PROGRAM.blockId(method, b);
      if (PROGRAM.end(block) != BlockEnd.INVOKE && PROGRAM.successorCount(block) == 2) {
        return block;
      }
    }
    throw new IllegalArgumentException("no branch in method " + method);
  }
}
