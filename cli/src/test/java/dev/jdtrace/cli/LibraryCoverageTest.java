package dev.jdtrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdtrace.programs.libs.LibraryCatalog;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The {@code jacoco} export of real libraries against JaCoCo's own agent and report on the same program and
 * input. Line by line only where both count the same code: where the totals of a line differ, JaCoCo's filters
 * dropped code (finally copies, try-with-resources) or the line has code of a class the run never loaded, which
 * the trace does not hold; there, whether the line ran must still agree.
 *
 * <p>GsonDriver is left out: its path depends on identity hash codes ({@code TypeToken.hashCode} hashes a
 * {@code Class}), which JaCoCo's agent changes, so a run under the agent takes another path than the traced
 * one (checked by hand: 125 of its 128 classes equal, the other three by finally blocks only).
 */
class LibraryCoverageTest {
  /** Lines where JaCoCo's definition differs, and why; each must still differ. */
  static final Map<String, String> DIFFERENCES = Map.of(
      "org/apache/commons/lang3/math/NumberUtils.java:458", "a call into traced code that throws (createInteger:"
          + " NumberFormatException): the trace shows the call ran; JaCoCo's next probe is after the line");
  @TempDir
  Path dir;

  static Stream<LibraryCatalog.Library> libraries() {
    return LibraryCatalog.ALL.stream().filter(l -> !l.mainClass().endsWith("GsonDriver"));
  }

  @ParameterizedTest
  @MethodSource("libraries")
  void jacocoEqualsJacocoItselfWhereBothCountTheSameCode(final LibraryCatalog.Library library) throws Exception {
    final Path lib = LibrariesAgreeTest.LIB;
    assertThat(lib).as("library jars from the test-programs build").isDirectory();
    final String classpath = Cli.PROGRAMS + ":" + lib + "/*";
    final Path trace = dir.resolve("library.trace");
    final List<String> args = new ArrayList<>(List.of("run", "--stdin", "/dev/null", "-o", trace.toString()));
    library.includes().forEach(i -> args.addAll(List.of("--include", i)));
    args.addAll(List.of("--", Cli.JAVA, "-cp", classpath, library.mainClass()));
    final Cli.Outcome run = Cli.execute(args.toArray(String[]::new));
    assertThat(run.exitCode()).as(run.err()).isZero();
    final Path ours = dir.resolve("jacoco.xml");
    final Cli.Outcome export = Cli.execute("export", trace.toString(), "--format", "jacoco", "--classpath", classpath,
        "-o", ours.toString());
    assertThat(export.exitCode()).as(export.err()).isZero();
    final List<String> classfiles = new ArrayList<>(List.of(Cli.PROGRAMS));
    classfiles.addAll(jarsOf(lib, library.includes()));
    final Path theirs = CoverageFormatsTest.jacoco(dir, List.of("-cp", classpath, library.mainClass()), Path.of(
        "/dev/null"), String.join(":", library.includes()), classfiles);
    final CoverageFormatsTest.Report mine = CoverageFormatsTest.Report.read(CoverageFormatsTest.parse(ours, null));
    final CoverageFormatsTest.Report jacoco = CoverageFormatsTest.Report.read(CoverageFormatsTest.parse(theirs,
        null));

    final Set<String> ran = new TreeSet<>();
    jacoco.classes().forEach((name, c) -> {
      if (c.covered()) {
        ran.add(name);
      }
    });
    final Set<String> traced = new TreeSet<>();
    mine.classes().forEach((name, c) -> {
      if (c.covered()) {
        traced.add(name);
      }
    });
    assertThat(traced).as("classes that ran").isEqualTo(ran);
    for (final String name : mine.classes().keySet()) {
      assertThat(mine.classes().get(name).methods()).as("method counters of %s", name)
          .isEqualTo(jacoco.classes().get(name).methods());
    }
    int same = 0;
    final Set<String> differing = new TreeSet<>();
    for (final Map.Entry<String, Map<Integer, String>> file : mine.lines().entrySet()) {
      final Map<Integer, String> their = jacoco.lines().get(file.getKey());
      for (final Map.Entry<Integer, String> line : file.getValue().entrySet()) {
        final String where = file.getKey() + ":" + line.getKey();
        final String other = their.get(line.getKey());
        if (other == null) {
          continue; // code JaCoCo's filters drop
        }
        final int[] a = numbers(line.getValue());
        final int[] b = numbers(other);
        if (DIFFERENCES.containsKey(where)) {
          assertThat(line.getValue()).as("%s is listed as differing but agrees", where).isNotEqualTo(other);
          differing.add(where);
        } else if (a[0] + a[1] == b[0] + b[1] && a[2] + a[3] == b[2] + b[3]) {
          assertThat(line.getValue()).as("line %s: mi ci mb cb, jdtrace against JaCoCo", where).isEqualTo(other);
          same++;
        } else {
          assertThat(a[1] > 0).as("line %s ran (jdtrace %s, JaCoCo %s)", where, line.getValue(), other)
              .isEqualTo(b[1] > 0);
        }
      }
      their.forEach((nr, other) -> {
        if (!file.getValue().containsKey(nr)) {
          assertThat(numbers(other)[1]).as("line %s:%d, which the trace does not hold, ran for JaCoCo",
              file.getKey(), nr).isZero();
        }
      });
    }
    assertThat(same).as("lines compared exactly").isGreaterThan(500);
    final Set<String> listed = new TreeSet<>();
    DIFFERENCES.keySet().stream().filter(k -> mine.lines().containsKey(k.substring(0, k.lastIndexOf(':'))))
        .forEach(listed::add);
    assertThat(differing).as("listed differences").isEqualTo(listed);
  }

  private static int[] numbers(final String line) {
    return java.util.Arrays.stream(line.split(" ")).mapToInt(Integer::parseInt).toArray();
  }

  /** The jars of the directory holding a class the include patterns ({@code a.b.*}) name. */
  private static List<String> jarsOf(final Path lib, final List<String> includes) throws IOException {
    final List<String> jars = new ArrayList<>();
    try (Stream<Path> files = Files.list(lib)) {
      for (final Path jar : files.filter(f -> f.toString().endsWith(".jar")).sorted().toList()) {
        try (ZipFile zip = new ZipFile(jar.toFile())) {
          final boolean holds = includes.stream().map(i -> i.replace(".*", "/").replace('.', '/'))
              .anyMatch(prefix -> zip.stream().anyMatch(e -> e.getName().startsWith(prefix)));
          if (holds) {
            jars.add(jar.toString());
          }
        } catch (final IOException e) {
          throw new UncheckedIOException(e);
        }
      }
    }
    return jars;
  }
}
