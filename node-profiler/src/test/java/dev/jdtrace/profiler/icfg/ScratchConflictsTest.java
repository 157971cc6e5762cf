package dev.jdtrace.profiler.icfg;

import dev.jdtrace.profiler.model.*;
import java.util.*;
import org.junit.jupiter.api.Test;

class ScratchConflictsTest {
  static Block b(int i, BlockEnd end, List<Integer> succ, CallSite call) {
    return new Block(i, 10 * i, 10 * i, List.of(), end, succ, List.of(), call, List.of());
  }
  static MethodCfg m(String c, String n, String d, Block... blocks) {
    List<Integer> starts = new ArrayList<>();
    for (Block x : blocks) starts.add(x.startBci());
    return new MethodCfg(new MethodId(c, n, d), 0x0009, List.of(blocks), starts, "h");
  }
  @Test
  void debug2() {
    CallSite sort = new CallSite(CallSite.Kind.STATIC, "java.util.Arrays", "sort", "([Ljava/lang/Object;Ljava/util/Comparator;)V");
    MethodCfg main = m("g.C00", "main", "([Ljava/lang/String;)V", b(0, BlockEnd.BRANCH, List.of(1, 3), null), b(1, BlockEnd.INVOKE, List.of(2), sort), b(2, BlockEnd.GOTO, List.of(4), null), b(3, BlockEnd.FALLTHROUGH, List.of(4), null), b(4, BlockEnd.RETURN, List.of(), null));
    Program p = new Program(List.of(new ClassModel("g.C00", "java.lang.Object", List.of(), 0x21, null, "x", List.of(main), List.of("main([Ljava/lang/String;)V"), List.of(), List.of())));
    CallResolver r = new CallResolver(new Hierarchy(p), false);
    IcfgModel.Structure s = IcfgModel.Structure.of(p, r, Callbacks.of(p, r, List.of(), false));
    var g = MethodGraphs.of(main);
    var w = new dev.jdtrace.profiler.optimal.BallLarusWeights(g).getWeights();
    System.out.println("per-method optimal " + new dev.jdtrace.profiler.optimal.OptimalNodeProfile(w, true).getProfile() + " ct " + new dev.jdtrace.profiler.optimal.ConditionTargetProfile(w, true).getProfile());
    for (ProfileKind k : ProfileKind.values()) {
      IcfgPlanner.Result res = IcfgPlanner.plan(s, k, Weights.staticEstimate());
      System.out.println(k + " " + res.witnesses() + " hits " + res.expectedHits() + " repairs " + res.repairs());
      System.out.println(Conflicts.find(new IcfgModel(s, new BitSet()), new double[5]));
    }
  }
  @Test
  void debug() {
    CallSite abs = new CallSite(CallSite.Kind.STATIC, "java.util.Arrays", "sort", "([Ljava/lang/Object;Ljava/util/Comparator;)V");
    MethodCfg clinit = m("g.C00", "<clinit>", "()V", b(0, BlockEnd.INVOKE, List.of(1), abs), b(1, BlockEnd.INVOKE, List.of(2), abs), b(2, BlockEnd.RETURN, List.of(), null));
    MethodCfg main = m("g.C00", "main", "([Ljava/lang/String;)V", b(0, BlockEnd.BRANCH, List.of(1, 2), null), b(1, BlockEnd.FALLTHROUGH, List.of(2), null), b(2, BlockEnd.RETURN, List.of(), null));
    Program p = new Program(List.of(new ClassModel("g.C00", "java.lang.Object", List.of(), 0x21, null, "x", List.of(clinit, main), List.of("<clinit>()V", "main([Ljava/lang/String;)V"), List.of(), List.of())));
    CallResolver r = new CallResolver(new Hierarchy(p), false);
    IcfgModel.Structure s = IcfgModel.Structure.of(p, r, Callbacks.of(p, r, List.of(), false));
    for (ProfileKind k : ProfileKind.values()) {
      IcfgPlanner.Result res = IcfgPlanner.plan(s, k, Weights.staticEstimate());
      System.out.println(k + " " + res.witnesses() + " hits " + res.expectedHits() + " repairs " + res.repairs());
    }
    // replay the optimal repair rounds
    BitSet w = new BitSet(); w.set(0); w.set(4);
    double[] weight = {1, 1, 1, 1, 0.5, 1};
    for (int round = 0; round < 5; round++) {
      IcfgModel model = new IcfgModel(s, w);
      List<Conflicts.Conflict> cs = Conflicts.find(model, weight);
      System.out.println("round " + round + " " + w + " " + cs);
      if (cs.isEmpty()) break;
      cs.forEach(c -> w.set(c.repair()));
    }
  }
}
