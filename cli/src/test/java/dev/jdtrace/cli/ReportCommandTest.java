package dev.jdtrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.jdtrace.analysis.ReportXml;
import dev.jdtrace.programs.Catalog;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.w3c.dom.Element;

/**
 * {@code jdtrace report} on the trace of every bundled program: the page is well-formed, self-contained,
 * its folded call trees unfold to exactly the blocks export of each thread, and its method table adds up
 * to the trace's hits.
 */
class ReportCommandTest {
  /** The bundled programs' sources, next to their classes. */
  static final Path SOURCES = Path.of(Cli.PROGRAMS).resolve("../../src/main/java").normalize();

  @TempDir
  Path dir;

  static Stream<String> programs() {
    return Catalog.DETERMINISTIC.stream();
  }

  /** The report of a program's trace, asserting success. */
  static String report(final Path dir, final String program, final String... options) throws Exception {
    final Path out = dir.resolve(program + ".html");
    final List<String> args = new ArrayList<>(List.of("report", Traced.trace(program).toString(), "-o", out.toString()));
    args.addAll(List.of(options));
    final Cli.Outcome r = Cli.execute(args.toArray(String[]::new));
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.out()).isEmpty();
    return Files.readString(out);
  }

  /** The blocks export grouped by thread, without the thread field. */
  private Map<String, List<String>> blocks(final String program) throws Exception {
    final Path out = dir.resolve(program + ".blocks");
    assertThat(Cli.execute("export", Traced.trace(program).toString(), "-o", out.toString()).exitCode()).isZero();
    final Map<String, List<String>> threads = new LinkedHashMap<>();
    for (final String line : Files.readAllLines(out)) {
      final int tab = line.indexOf('\t');
      threads.computeIfAbsent(line.substring(0, tab), k -> new ArrayList<>()).add(line.substring(tab + 1));
    }
    return threads;
  }

  @ParameterizedTest
  @MethodSource("programs")
  void theReportIsWellFormedAndItsTreesUnfoldToTheExactPath(final String program) throws Exception {
    final String html = report(dir, program);
    final ReportXml page = ReportXml.parse(html);
    final Map<String, List<String>> expected = blocks(program);
    final Map<String, List<String>> shown = new LinkedHashMap<>();
    for (final Element thread : page.all("section", "thread")) {
      final ReportXml.Shown tree = page.unfold(thread);
      assertThat(tree.truncated()).isFalse();
      assertThat(tree.misplaced()).as("blocks shown in a call of their own method").isEmpty();
      shown.put(thread.getAttribute("data-name"), tree.blocks().stream().map(page::blockLine).toList());
      final Element totals = ReportXml.child(thread, "p", "totals");
      assertThat(totals.getAttribute("data-shown-entries")).isEqualTo(totals.getAttribute("data-entries"))
          .isEqualTo(Integer.toString(tree.blocks().size()));
      assertThat(totals.getAttribute("data-shown-calls")).isEqualTo(totals.getAttribute("data-calls"));
      assertThat(totals.getTextContent()).doesNotContain("truncated");
    }
    assertThat(shown).isEqualTo(expected);
    final String simple = program.substring(program.lastIndexOf('.') + 1);
    // The main thread's outermost calls: main, after the main class's initialiser where it has one.
    final Element tree = ReportXml.child(page.all("section", "thread").stream()
        .filter(t -> t.getAttribute("data-name").equals("main")).findFirst().orElseThrow(), "div", "tree");
    final List<String> roots = new ArrayList<>();
    for (org.w3c.dom.Node n = tree.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element e && ReportXml.hasClass(e, "call")) {
        roots.add(e.getElementsByTagName("summary").item(0).getTextContent());
      }
    }
    assertThat(roots).anyMatch(s -> s.startsWith(program + ".main (" + simple + ".java:"));
  }

  @ParameterizedTest
  @MethodSource("programs")
  void theMethodTableAddsUpToTheTraceAndThePageNeedsNoNetwork(final String program) throws Exception {
    final String html = report(dir, program);
    final ReportXml page = ReportXml.parse(html);
    final Map<String, Long> expected = blocks(program).values().stream().flatMap(List::stream)
        .collect(Collectors.groupingBy(l -> l.substring(0, l.indexOf('\t', l.indexOf('\t') + 1)), Collectors.counting()));
    final Map<String, Long> table = new HashMap<>();
    final List<Element> rows = page.all("tr", "").stream().filter(r -> r.hasAttribute("data-m")).toList();
    long previous = Long.MAX_VALUE;
    for (final Element row : rows) {
      final long entries = Long.parseLong(((Element) row.getElementsByTagName("td").item(3)).getAttribute("data-v"));
      assertThat(entries).as("sorted by block entries").isLessThanOrEqualTo(previous);
      previous = entries;
      table.put(page.method(Integer.parseInt(row.getAttribute("data-m"))), entries);
    }
    assertThat(table).isEqualTo(expected);
    long hits = 0;
    for (final JsonNode block : page.data().get("blocks")) {
      hits += block.get(4).asLong();
    }
    assertThat(hits).isEqualTo(expected.values().stream().mapToLong(Long::longValue).sum());
    // Self-contained: nothing is fetched, no external script, style, image or font.
    assertThat(html).doesNotContain(" src=").doesNotContain("<link").doesNotContain("@import").doesNotContain("url(")
        .doesNotContain("http://").doesNotContain("https://").doesNotContain("<img");
  }

  @Test
  void sourcesShowTheLinesOfTheClassesThatRan() throws Exception {
    final ReportXml page = ReportXml.parse(report(dir, "dev.jdtrace.programs.Loops", "--sources", SOURCES.toString()));
    final JsonNode sources = page.data().get("sources");
    assertThat(sources).hasSize(1);
    assertThat(sources.get(0).get(0).asText()).isEqualTo("dev/jdtrace/programs/Loops.java");
    final List<String> lines = Files.readAllLines(SOURCES.resolve("dev/jdtrace/programs/Loops.java"));
    final List<String> embedded = new ArrayList<>();
    sources.get(0).get(1).forEach(l -> embedded.add(l.asText()));
    assertThat(embedded).isEqualTo(lines);
    final JsonNode loops = java.util.stream.StreamSupport.stream(page.data().get("classes").spliterator(), false)
        .filter(c -> c.get(0).asText().equals("dev.jdtrace.programs.Loops")).findFirst().orElseThrow();
    assertThat(loops.get(2).asInt()).isZero();
    // Without --sources, line numbers only.
    assertThat(ReportXml.parse(report(dir, "dev.jdtrace.programs.Loops")).data().get("sources")).isEmpty();
  }

  @Test
  void aSmallNodeCapCutsTheTreeAndSaysHowMuchIsMissing() throws Exception {
    final ReportXml page = ReportXml.parse(report(dir, "dev.jdtrace.programs.Recursion", "--max-nodes", "20"));
    final Element thread = page.all("section", "thread").get(0);
    assertThat(page.unfold(thread).truncated()).isTrue();
    assertThat(page.all("div", "truncated").get(0).getTextContent())
        .isEqualTo("… truncated here: this thread has shown its 20 nodes (--max-nodes)");
    assertThat(ReportXml.child(thread, "p", "totals").getTextContent())
        .matches("\\d+ block entries, \\d+ calls; … \\d+ more calls \\(\\d+ block entries\\) truncated");
  }

  @Test
  void helpDocumentsTheBound() {
    final Cli.Outcome help = Cli.execute("report", "--help");
    assertThat(help.out()).contains("--max-nodes").contains("10 × --max-nodes").contains("truncated")
        .contains("--sources");
  }

  @Test
  void badInputExitsWithTwoAndLeavesNoPage() throws Exception {
    final Path out = dir.resolve("r.html");
    final Path junk = Files.writeString(dir.resolve("junk.trace"), "not a trace");
    final String trace = Traced.trace("dev.jdtrace.programs.Sample").toString();
    for (final String[] args : List.of(
        new String[] {"report", dir.resolve("missing.trace").toString(), "-o", out.toString()},
        new String[] {"report", junk.toString(), "-o", out.toString()},
        new String[] {"report", trace, "-o", out.toString(), "--max-nodes", "0"},
        new String[] {"report", trace, "-o", out.toString(), "--sources", dir.resolve("nowhere").toString()},
        new String[] {"report", trace, "-o", dir.resolve("no/such/dir/r.html").toString()})) {
      final Cli.Outcome r = Cli.execute(args);
      assertThat(r.exitCode()).as(String.join(" ", args)).isEqualTo(Failures.JDTRACE);
      assertThat(r.err()).startsWith("jdtrace: ").doesNotContain("\tat ");
    }
    assertThat(Cli.execute("report", trace, "-o", dir.resolve("no/such/dir/r.html").toString()).err())
        .isEqualTo("jdtrace: cannot write FILE: directory " + dir.resolve("no/such/dir") + " does not exist\n");
    assertThat(Cli.execute("report", trace).exitCode()).as("-o is required").isEqualTo(Failures.JDTRACE);
    try (Stream<Path> files = Files.list(dir)) {
      assertThat(files.map(p -> p.getFileName().toString())).containsExactly("junk.trace");
    }
  }
}
