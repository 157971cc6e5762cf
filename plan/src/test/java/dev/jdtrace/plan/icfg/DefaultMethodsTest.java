package dev.jdtrace.plan.icfg;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdtrace.plan.ClassFilter;
import dev.jdtrace.plan.ProgramLoader;
import dev.jdtrace.plan.model.Block;
import dev.jdtrace.plan.model.BlockEnd;
import dev.jdtrace.plan.model.CallSite;
import dev.jdtrace.plan.model.MethodId;
import dev.jdtrace.plan.model.Program;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Default methods a class inherits, called through the class's own type: the JVM selects the maximally
 * specific default (JVMS 5.4.3.3). Such a call once resolved to nothing traced and counted as untraced, so
 * the default method ran as neither a call target nor a callback, and the walk could not place it
 * (javaparser's {@code Node.getBegin()}, a default of {@code NodeWithRange}).
 */
class DefaultMethodsTest {
  private static final String D = "dev.jdtrace.plan.fixtures.Defaults";
  private static final Program PROGRAM = ProgramLoader.load(List.of(Path.of("target/test-classes")),
      new ClassFilter(List.of(D, D + "$*"), List.of()));
  private final CallResolver resolver = new CallResolver(new Hierarchy(PROGRAM), false);

  @Test
  void anInheritedDefaultIsTheTargetOfACallThroughTheClass() {
    // Box inherits Sized.half; its subclass BigBox overrides it.
    final CallTargets t = call("use", CallSite.Kind.VIRTUAL, "Box", "half");
    assertThat(t.traced()).containsExactlyInAnyOrder(method("Sized", "half()I"), method("BigBox", "half()I"));
    assertThat(t.external()).isFalse();
  }

  @Test
  void theMostSpecificDefaultWins() {
    assertThat(call("use", CallSite.Kind.VIRTUAL, "Box", "label"))
        .isEqualTo(new CallTargets(List.of(method("Named", "label()Ljava/lang/String;")), false));
  }

  @Test
  void superCallsReachTheDefaultTheSuperclassInherits() {
    assertThat(call("half", CallSite.Kind.SPECIAL, "Box", "half"))
        .isEqualTo(new CallTargets(List.of(method("Sized", "half()I")), false));
    assertThat(call("use", CallSite.Kind.VIRTUAL, "BigBox", "half"))
        .isEqualTo(new CallTargets(List.of(method("BigBox", "half()I")), false));
  }

  @Test
  void pastAnUntracedSuperclassTheDefaultIsAPossibleTargetOfAnUntracedCall() {
    final CallTargets t = call("use", CallSite.Kind.VIRTUAL, "Sizes", "half");
    assertThat(t.external()).isTrue();
    assertThat(t.traced()).containsExactly(method("Sized", "half()I"));
    // Untraced code may select it, so it is a callback: the walk can enter it from there.
    final BitSet callbacks = Callbacks.of(PROGRAM, resolver, List.of(), false);
    assertThat(callbacks.get(method("Sized", "half()I"))).isTrue();
  }

  private CallTargets call(final String in, final CallSite.Kind kind, final String owner, final String name) {
    final int caller = PROGRAM.methodIndex(PROGRAM.methods().stream()
        .filter(m -> m.id().name().equals(in) && m.id().className().startsWith(D)
            && (in.equals("use") || m.id().className().equals(D + "$BigBox")))
        .findFirst().orElseThrow().id());
    for (final Block block : PROGRAM.methods().get(caller).blocks()) {
      if (block.end() == BlockEnd.INVOKE && block.call().kind() == kind && block.call().name().equals(name)
          && block.call().owner().equals(D + "$" + owner)) {
        return resolver.resolve(block.call());
      }
    }
    throw new IllegalArgumentException("no call " + kind + " " + owner + "." + name + " in " + in);
  }

  private static int method(final String cls, final String nameAndDescriptor) {
    final int split = nameAndDescriptor.indexOf('(');
    return PROGRAM.methodIndex(new MethodId(D + "$" + cls, nameAndDescriptor.substring(0, split),
        nameAndDescriptor.substring(split)));
  }
}
