package dev.jdtrace.reconstruct.walk;

import dev.jdtrace.profiler.icfg.*;
import dev.jdtrace.profiler.optimal.*;
import java.util.List;
import org.junit.jupiter.api.Test;

class ScratchDebugTest {
  @Test
  void debug() {
    final WalkerPropertiesTest.Case c = WalkerPropertiesTest.Case.of(List.of(0, 1, 0, 1, 0, 1, 0, 0, 4), true, true, true);
    for (ProfileKind k : ProfileKind.values()) {
      IcfgPlanner.Result r = IcfgPlanner.plan(c.structure(), k, Weights.staticEstimate());
      System.out.println(k + " " + r.witnesses() + " hits " + r.expectedHits() + " repairs " + r.repairs());
    }
    var p = c.generated().program;
    for (int m = 0; m < p.methods().size(); m++) {
      FlowGraph g = MethodGraphs.of(p.methods().get(m));
      EdgeWeights w = new BallLarusWeights(g).getWeights();
      boolean rep = !p.methods().get(m).id().name().equals("<clinit>");
      System.out.println(p.methods().get(m).id() + " optimal " + new OptimalNodeProfile(w, rep).getProfile()
          + " ct " + new ConditionTargetProfile(w, rep).getProfile());
      for (int b = 0; b < g.size(); b++) System.out.print(" w" + b + "=" + w.node(b));
      System.out.println();
    }
  }
}
