package dev.jdtrace.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.StringJoiner;
import java.util.regex.Pattern;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class NamePatternTest {

  @Test
  void starMatchesAnyTextAnywhereAndTheRestMatchesItself() {
    assertThat(new NamePattern("worker-*").matches("worker-12")).isTrue();
    assertThat(new NamePattern("*.isOdd").matches("t.Numbers.isOdd")).isTrue();
    assertThat(new NamePattern("a*b*a").matches("aba")).isTrue();
    assertThat(new NamePattern("a*a").matches("a")).isFalse();
    assertThat(new NamePattern("a.B").matches("a.B$1")).isFalse();
    assertThat(new NamePattern("org.jsoup.*").matches("org.jsoup")).isFalse();
  }

  /** The whole name against the pattern read as a regular expression: the definition, not the algorithm. */
  @Property
  void matchesAsTheRegularExpressionOfThePattern(@ForAll("patterns") final String pattern,
      @ForAll("names") final String name) {
    final StringJoiner regex = new StringJoiner(".*");
    for (final String part : pattern.split("\\*", -1)) {
      regex.add(Pattern.quote(part));
    }
    assertThat(new NamePattern(pattern).matches(name)).isEqualTo(Pattern.matches(regex.toString(), name));
  }

  @Provide
  Arbitrary<String> patterns() {
    return Arbitraries.strings().withChars("ab.*").ofMaxLength(7);
  }

  @Provide
  Arbitrary<String> names() {
    return Arbitraries.strings().withChars("ab.").ofMaxLength(8);
  }
}
