package dev.jdtrace.tracer;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.api.Test;

class PlannedClassesTest {
  @Test
  void generatedClassesAreCountedApartFromThoseWithClassFiles() {
    // Planning counts classes with a class file; the first run's message must count the same ones.
    assertThat(PlannedClasses.loadedClasses(Set.of("a.B", "a.C", "a.B$$Lambda$14/0x0000000800c0b440", "a.$Proxy3")))
        .isEqualTo("2 traced classes (and 2 generated ones)");
    assertThat(PlannedClasses.loadedClasses(Set.of("a.B"))).isEqualTo("1 traced class");
  }
}
