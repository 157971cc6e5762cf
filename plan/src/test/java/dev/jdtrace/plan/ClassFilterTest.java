package dev.jdtrace.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class ClassFilterTest {
  @Test
  void prefixCoversNestedClassesAndExactNameOnlyItself() {
    final ClassFilter f = new ClassFilter(List.of("org.jsoup.*", "a.B"), List.of("org.jsoup.internal.*"));
    assertThat(f.matches("org.jsoup.Jsoup")).isTrue();
    assertThat(f.matches("org.jsoup.nodes.Element$1")).isTrue();
    assertThat(f.matches("org.jsoup.internal.StringUtil")).isFalse();
    assertThat(f.matches("a.B")).isTrue();
    assertThat(f.matches("a.B$Inner")).isFalse();
    assertThat(f.matches("org.other.X")).isFalse();
  }

  @Test
  void jdkClassesAreRecognised() {
    assertThat(ClassFilter.isJdkClass("java.util.List")).isTrue();
    assertThat(ClassFilter.isJdkClass("jdk.internal.misc.Unsafe")).isTrue();
    assertThat(ClassFilter.isJdkClass("javalike.Thing")).isFalse();
  }

  @Test
  void aStarAnywhereButTheEndIsRefusedBecauseJdiClassFiltersReadItOtherwise() {
    assertThatThrownBy(() -> new ClassFilter(List.of("org.*.Jsoup"), List.of()))
        .isInstanceOf(InvalidClassPatternException.class).hasMessageContaining("org.*.Jsoup");
    assertThatThrownBy(() -> new ClassFilter(List.of("a.*"), List.of("*.Test")))
        .isInstanceOf(InvalidClassPatternException.class);
    assertThat(ClassFilter.pattern("a.b.*").matches("a.b.C$1")).isTrue();
  }
}
