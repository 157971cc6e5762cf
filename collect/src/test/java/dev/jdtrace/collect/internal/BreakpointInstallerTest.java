package dev.jdtrace.collect.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.jdi.ReferenceType;
import com.sun.jdi.request.EventRequest;
import dev.jdtrace.plan.ClassFilter;
import dev.jdtrace.plan.ProgramLoader;
import dev.jdtrace.plan.model.Block;
import dev.jdtrace.plan.model.ClassModel;
import dev.jdtrace.plan.model.MethodCfg;
import dev.jdtrace.plan.model.Program;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * The installer over a fake JVM showing {@link InstallFixture}'s real bytecode: breakpoints only at the planned
 * instruction starts of the witness blocks, none at all in a class that does not prove safe, the suspend policy and
 * one-shot requests it documents, and the order JDI scans them in.
 */
class BreakpointInstallerTest {
  private static final Program PROGRAM = ProgramLoader.load(List.of(Path.of("target/test-classes")),
      new ClassFilter(List.of(InstallFixture.class.getName()), List.of()));

  private final FakeJdi.Requests requests = new FakeJdi.Requests();

  @Test
  void aBreakpointStandsAtTheStartOfEachWitnessBlockAndNowhereElse() {
    final BitSet witnesses = everyOtherBlock();
    final BreakpointInstaller installer = new BreakpointInstaller(PROGRAM, witnesses, requests.manager());

    installer.install(FakeJdi.loaded(InstallFixture.class));

    final BitSet set = new BitSet();
    for (final FakeJdi.Request r : requests.of("breakpoint")) {
      final int block = (Integer) r.properties.get(BreakpointInstaller.BLOCK);
      set.set(block);
      assertThat(r.location.codeIndex()).as("block %d", block).isEqualTo(PROGRAM.block(block).startBci());
      assertThat(r.location.method().name() + r.location.method().signature())
          .isEqualTo(PROGRAM.methodOfBlock(block).id().nameAndDescriptor());
    }
    assertThat(set).isEqualTo(witnesses);
    assertThat(requests.made).hasSize(witnesses.cardinality());
    assertThat(installer.breakpoints()).isEqualTo(witnesses.cardinality());
    assertThat(installer.refused()).isEmpty();
  }

  @Test
  void everyBreakpointSuspendsNothingAndIsEnabled() {
    new BreakpointInstaller(PROGRAM, allBlocks(), requests.manager()).install(FakeJdi.loaded(InstallFixture.class));

    assertThat(requests.of("breakpoint")).isNotEmpty().allSatisfy(r -> {
      assertThat(r.suspendPolicy).isEqualTo(EventRequest.SUSPEND_NONE);
      assertThat(r.enabled).isTrue();
    });
  }

  @Test
  void onlyTheClassInitialisersBlocksGoAfterTheirHit() {
    new BreakpointInstaller(PROGRAM, allBlocks(), requests.manager()).install(FakeJdi.loaded(InstallFixture.class));

    for (final FakeJdi.Request r : requests.of("breakpoint")) {
      final int block = (Integer) r.properties.get(BreakpointInstaller.BLOCK);
      final boolean initialiser = PROGRAM.methodOfBlock(block).id().name().equals("<clinit>");
      assertThat(r.countFilter).as("block %d", block).isEqualTo(initialiser ? Integer.valueOf(1) : null);
    }
    assertThat(requests.of("breakpoint")).anyMatch(r -> r.countFilter != null).anyMatch(r -> r.countFilter == null);
  }

  @Test
  void aMethodsLoopIsSetBeforeItsEntrySoThatJdiFindsItFirst() {
    final MethodCfg sum = method("sum");
    final int m = PROGRAM.methodIndex(sum.id());
    final BitSet witnesses = new BitSet();
    sum.blocks().forEach(b -> witnesses.set(PROGRAM.blockId(m, b.index())));
    new BreakpointInstaller(PROGRAM, witnesses, requests.manager()).install(FakeJdi.loaded(InstallFixture.class));

    final List<Integer> order = requests.of("breakpoint").stream()
        .map(r -> (Integer) r.properties.get(BreakpointInstaller.BLOCK)).toList();
    final InstallOrder weights = new InstallOrder(sum);
    assertThat(weights.weight(order.get(0) - PROGRAM.blockId(m, 0))).isGreaterThan(weights.weight(0));
    assertThat(order.indexOf(PROGRAM.blockId(m, 0))).isGreaterThan(0);
    for (int i = 1; i < order.size(); i++) {
      assertThat(weights.weight(order.get(i) - PROGRAM.blockId(m, 0)))
          .isLessThanOrEqualTo(weights.weight(order.get(i - 1) - PROGRAM.blockId(m, 0)));
    }
  }

  @Test
  void aClassWhoseBytecodeDiffersFromThePlanIsRefusedWhole() {
    final BreakpointInstaller installer = new BreakpointInstaller(PROGRAM, allBlocks(), requests.manager());

    installer.install(FakeJdi.loaded(InstallFixture.class, lastByteChanged()));

    assertThat(installer.refused()).singleElement().asString().contains(InstallFixture.class.getName())
        .contains("differs from the analysed class file");
    assertThat(requests.made).isEmpty();
    assertThat(installer.breakpoints()).isZero();
  }

  @Test
  void aClassWithAMethodThePlanDoesNotHoldIsRefusedWhole() {
    final ClassModel model = PROGRAM.classNamed(InstallFixture.class.getName());
    final List<MethodCfg> fewer = model.methods().stream().filter(c -> !c.id().name().equals("pick")).toList();
    final Program planned = new Program(List.of(new ClassModel(model.name(), model.superName(), model.interfaces(),
        model.access(), model.sourceFile(), model.origin(), fewer, model.declared(), model.fields(),
        model.handleTargets())));
    final BreakpointInstaller installer = new BreakpointInstaller(planned, allBlocks(planned), requests.manager());

    installer.install(FakeJdi.loaded(InstallFixture.class));

    assertThat(installer.refused()).singleElement().asString().contains("methods with code");
    assertThat(requests.made).isEmpty();
  }

  @Test
  void aWitnessOffsetInsideAnInstructionIsRefusedWholeAndNoBreakpointIsSet() {
    // A plan whose block of the initialiser starts one byte into an instruction: a breakpoint there would crash the
    // target. (Its code hash still matches: only the offset is wrong.)
    final ClassModel model = PROGRAM.classNamed(InstallFixture.class.getName());
    final List<MethodCfg> methods = new ArrayList<>();
    for (final MethodCfg c : model.methods()) {
      methods.add(c.id().name().equals("<clinit>") ? shifted(c) : c);
    }
    final Program planned = new Program(List.of(new ClassModel(model.name(), model.superName(), model.interfaces(),
        model.access(), model.sourceFile(), model.origin(), methods, model.declared(), model.fields(),
        model.handleTargets())));
    final BreakpointInstaller installer = new BreakpointInstaller(planned, allBlocks(planned), requests.manager());

    installer.install(FakeJdi.loaded(InstallFixture.class));

    assertThat(installer.refused()).singleElement().asString().contains("is not an instruction start");
    assertThat(requests.made).isEmpty();
  }

  @Test
  void aClassOutsideThePlanGetsNoBreakpointAndIsToldApartByWhereItCameFrom() {
    final BreakpointInstaller installer = new BreakpointInstaller(PROGRAM, allBlocks(), requests.manager(),
        Set.of("app.LeftOut"));

    assertThat(installer.verify(named("app.LeftOut"))).isNull();
    assertThat(installer.verify(named("app.Elsewhere"))).isNull();
    assertThat(installer.verify(named("app.Main$$Lambda/0x0000000800c03000"))).isNull();

    assertThat(installer.unplannedPrepared()).containsExactly("app.LeftOut");
    assertThat(installer.outsidePrepared()).containsExactly("app.Elsewhere");
    assertThat(installer.refused()).isEmpty();
    assertThat(requests.made).isEmpty();
  }

  @Test
  void everyOffsetOfATracedMethodMapsToTheBlockHoldingIt() {
    final BreakpointInstaller installer = new BreakpointInstaller(PROGRAM, new BitSet(), requests.manager());
    final ReferenceType type = FakeJdi.loaded(InstallFixture.class);
    final com.sun.jdi.Method jdiSum = type.methods().stream().filter(x -> x.name().equals("sum")).findFirst()
        .orElseThrow();
    assertThat(installer.blockAt(FakeJdi.location(type, jdiSum, 0))).as("before its class is verified").isEqualTo(-1);

    installer.install(type);

    final MethodCfg sum = method("sum");
    final int m = PROGRAM.methodIndex(sum.id());
    for (final Block b : sum.blocks()) {
      for (int bci = b.startBci(); bci <= b.endBci(); bci++) {
        assertThat(installer.blockAt(FakeJdi.location(type, jdiSum, bci))).as("offset %d", bci)
            .isEqualTo(PROGRAM.blockId(m, b.index()));
      }
    }
    assertThat(installer.methodIndex(jdiSum)).isEqualTo(m);
  }

  @Test
  void settingFromSeveralThreadsSetsTheSameBreakpointsAsFromOne() throws InterruptedException {
    final FakeJdi.Requests one = new FakeJdi.Requests();
    final BreakpointInstaller alone = new BreakpointInstaller(PROGRAM, allBlocks(), one.manager());
    alone.install(List.of(alone.verify(FakeJdi.loaded(InstallFixture.class))), 1);
    final BreakpointInstaller shared = new BreakpointInstaller(PROGRAM, allBlocks(), requests.manager());
    shared.install(List.of(shared.verify(FakeJdi.loaded(InstallFixture.class))), 2);

    assertThat(placed(requests)).containsExactlyInAnyOrderElementsOf(placed(one)).hasSize(PROGRAM.blockCount());
    assertThat(shared.breakpoints()).isEqualTo(PROGRAM.blockCount());
  }

  @Test
  void aMethodThePlanLetsNotRunKeepsItsSentinelWithItsBytecodeUnread() {
    // Every method tampered with: only "sum" is checked; "pick" is not, and holds only its sentinel (its entry).
    final int sum = PROGRAM.methodIndex(method("sum").id());
    final int pick = PROGRAM.methodIndex(method("pick").id());
    final BitSet witnesses = new BitSet();
    witnesses.set(PROGRAM.blockId(pick, 0));
    final BitSet checked = new BitSet();
    checked.set(sum);
    final BreakpointInstaller installer = new BreakpointInstaller(PROGRAM, witnesses, requests.manager());
    installer.checking(checked);

    installer.install(FakeJdi.loaded(InstallFixture.class, lastByteChanged()));

    assertThat(installer.refused()).as("the checked method differs").singleElement().asString()
        .contains("sum").contains("differs from the analysed class file");
    assertThat(requests.made).isEmpty();

    final BitSet none = new BitSet();
    final FakeJdi.Requests unchecked = new FakeJdi.Requests();
    final BreakpointInstaller sentinelOnly = new BreakpointInstaller(PROGRAM, witnesses, unchecked.manager());
    sentinelOnly.checking(none);

    sentinelOnly.install(FakeJdi.loaded(InstallFixture.class, lastByteChanged()));

    assertThat(sentinelOnly.refused()).as("no method checked, so none differs").isEmpty();
    assertThat(placed(unchecked)).containsExactly(PROGRAM.blockId(pick, 0) + "@0 null 0 true");
  }

  @Test
  void aWitnessPastTheEntryHasItsMethodCheckedEvenWhenThePlanLetsItNotRun() {
    final MethodCfg sum = method("sum");
    final int m = PROGRAM.methodIndex(sum.id());
    final BitSet witnesses = new BitSet();
    witnesses.set(PROGRAM.blockId(m, sum.blocks().size() - 1));
    final BreakpointInstaller installer = new BreakpointInstaller(PROGRAM, witnesses, requests.manager());
    installer.checking(new BitSet());

    installer.install(FakeJdi.loaded(InstallFixture.class, lastByteChanged()));

    assertThat(installer.refused()).singleElement().asString().contains("sum")
        .contains("differs from the analysed class file");
    assertThat(requests.made).isEmpty();
  }

  @Test
  void checkingAndSettingFromAPoolGiveWhatOneThreadGives() throws InterruptedException {
    final FakeJdi.Requests one = new FakeJdi.Requests();
    final BreakpointInstaller alone = new BreakpointInstaller(PROGRAM, allBlocks(), one.manager());
    alone.install(FakeJdi.loaded(InstallFixture.class));
    try (RequestPool pool = new RequestPool(2)) {
      final BreakpointInstaller pooled = new BreakpointInstaller(PROGRAM, allBlocks(), requests.manager());
      pooled.overlapping(pool);
      pooled.install(FakeJdi.loaded(InstallFixture.class));

      assertThat(placed(requests)).containsExactlyInAnyOrderElementsOf(placed(one)).hasSize(PROGRAM.blockCount());
      final FakeJdi.Requests tampered = new FakeJdi.Requests();
      final BreakpointInstaller refusing = new BreakpointInstaller(PROGRAM, allBlocks(), tampered.manager());
      refusing.overlapping(pool);
      refusing.install(FakeJdi.loaded(InstallFixture.class, lastByteChanged()));
      assertThat(refusing.refused()).singleElement().asString().contains("differs from the analysed class file");
      assertThat(tampered.made).isEmpty();
    }
  }

  /** Each breakpoint as {@code block@offset once}. */
  private static List<String> placed(final FakeJdi.Requests made) {
    return made.of("breakpoint").stream().map(r -> r.properties.get(BreakpointInstaller.BLOCK) + "@"
        + r.location.codeIndex() + " " + r.countFilter + " " + r.suspendPolicy + " " + r.enabled).toList();
  }

  private static MethodCfg shifted(final MethodCfg c) {
    final List<Block> blocks = new ArrayList<>();
    boolean done = false;
    for (final Block b : c.blocks()) {
      if (!done && !c.instructionStarts().contains(b.startBci() + 1)) {
        blocks.add(new Block(b.index(), b.startBci() + 1, b.endBci(), b.lines(), b.end(), b.successors(),
            b.handlers(), b.call(), b.inits()));
        done = true;
      } else {
        blocks.add(b);
      }
    }
    assertThat(done).as("a block of the initialiser whose first instruction is longer than a byte").isTrue();
    return new MethodCfg(c.id(), c.access(), blocks, c.instructionStarts(), c.codeHash());
  }

  private static ReferenceType named(final String name) {
    return FakeJdi.proxy(ReferenceType.class, java.util.Map.of("name", a -> name));
  }

  private static UnaryOperator<byte[]> lastByteChanged() {
    return code -> {
      final byte[] changed = code.clone();
      changed[changed.length - 1] ^= 1;
      return changed;
    };
  }

  private static MethodCfg method(final String name) {
    return PROGRAM.methods().stream().filter(m -> m.id().name().equals(name)).findFirst().orElseThrow();
  }

  private static BitSet allBlocks() {
    return allBlocks(PROGRAM);
  }

  private static BitSet allBlocks(final Program program) {
    final BitSet all = new BitSet();
    all.set(0, program.blockCount());
    return all;
  }

  private static BitSet everyOtherBlock() {
    final BitSet some = new BitSet();
    for (int b = 0; b < PROGRAM.blockCount(); b += 2) {
      some.set(b);
    }
    return some;
  }
}
