package dev.jdtrace.plan.icfg;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** What the untraced classes a run loaded can enter: only what their class files name, unless they reflect. */
class UntracedCodeTest {
  private static final String PKG = "dev.jdtrace.plan.fixtures.openworld.";
  private static final List<Path> CLASSPATH = List.of(Path.of("target/test-classes"));

  @Test
  void directCallersAndSubclassesOnTheClasspathEnterNothingUnseen() {
    final UntracedCode code = UntracedCode.of(CLASSPATH, Set.of(PKG + "Caller", PKG + "Caller$Cheaper"));
    assertThat(code.unseen()).isEmpty();
    assertThat(code.dynamic(false)).isEmpty();
  }

  @Test
  void aClassThatReflectsMayEnterAnyMethodUnlessReflectionIsWatched() {
    final UntracedCode code = UntracedCode.of(CLASSPATH, Set.of(PKG + "Caller", PKG + "Reflector"));
    assertThat(code.unseen()).isEmpty();
    assertThat(code.dynamic(false)).hasValue("the untraced " + PKG + "Reflector calls java.lang.reflect.Method.invoke");
    assertThat(code.dynamic(true)).isEmpty();
  }

  @Test
  void aClassWithNativeMethodsMayEnterAnyMethod() {
    assertThat(UntracedCode.of(CLASSPATH, Set.of(PKG + "Native")).dynamic(true)).get().asString()
        .contains("declares the native method poke");
  }

  @Test
  void aClassNoClasspathEntryHoldsIsUnseen() {
    final UntracedCode code = UntracedCode.of(CLASSPATH, Set.of(PKG + "Caller", "com.example.Generated$Sub"));
    assertThat(code.unseen()).containsExactly("com.example.Generated$Sub");
    assertThat(code.dynamic(true)).get().asString().contains("com.example.Generated$Sub was loaded from no classpath");
  }
}
