package dev.jdtrace.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jdtrace.trace.TraceDictionary;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;

/** The HTML report on hand-built traces (the dictionary of {@link HandTraces}): structure, escaping and its bound. */
class HtmlReportTest {

  private static String report(final TraceDictionary d, final Map<String, int[]> threads, final int maxNodes) {
    final StringWriter html = new StringWriter();
    HandTraces.play(HtmlReport.to(new PrintWriter(html), "hand.trace", ReportSources.NONE, maxNodes), d, threads);
    return html.toString();
  }

  /** main calls f {@code n} times, f taking the path 3 4 5 or 3 5 at random, then main ends. */
  private static int[] randomCalls(final int n, final long seed) {
    final Random random = new Random(seed);
    return IntStream.concat(IntStream.concat(IntStream.of(0), IntStream.range(0, n)
        .flatMap(i -> random.nextBoolean() ? IntStream.of(1, 3, 4, 5) : IntStream.of(1, 3, 5))), IntStream.of(2))
        .toArray();
  }

  @Test
  void identicalCallsInALoopFoldWithTheirCountAndUnfoldToThePath() throws Exception {
    // main: 0, then (1 calling f: 3 4 5) three times the same, once with f's other path (3 5), then 2.
    final int[] blocks = IntStream.concat(IntStream.concat(IntStream.of(0),
        IntStream.range(0, 3).flatMap(i -> IntStream.of(1, 3, 4, 5))), IntStream.of(1, 3, 5, 2)).toArray();
    final ReportXml page = ReportXml.parse(report(HandTraces.standard(), HandTraces.main(blocks), 1000));
    final Element thread = page.all("section", "thread").get(0);
    assertThat(thread.getAttribute("data-name")).isEqualTo("main");
    final ReportXml.Shown shown = page.unfold(thread);
    assertThat(shown.blocks()).containsExactlyElementsOf(Arrays.stream(blocks).boxed().toList());
    assertThat(shown.truncated()).isFalse();
    assertThat(shown.misplaced()).isEmpty();
    final List<Element> loops = page.all("details", "loop");
    assertThat(loops).hasSize(1);
    assertThat(loops.get(0).getAttribute("data-n")).isEqualTo("3");
    // main, f inside the loop and the last f: three call elements, the folded one shown once.
    assertThat(page.all("details", "call")).extracting(e -> e.getAttribute("data-m")).containsExactly("0", "1", "1");
    final Element totals = ReportXml.child(thread, "p", "totals");
    assertThat(totals.getAttribute("data-entries")).isEqualTo("17");
    assertThat(totals.getAttribute("data-calls")).isEqualTo("5");
    assertThat(totals.getAttribute("data-shown-calls")).isEqualTo("5");
    assertThat(totals.getTextContent()).isEqualTo("17 block entries, 5 calls");
  }

  @Test
  void methodTableCountsCallsEntriesAndBlocksRunOverAllThreads() throws Exception {
    final Map<String, int[]> threads = new LinkedHashMap<>();
    threads.put("main", new int[] {0, 1, 3, 4, 5, 1, 3, 5, 2});
    threads.put("other", new int[] {3, 5});
    final ReportXml page = ReportXml.parse(report(HandTraces.standard(), threads, 1000));
    assertThat(page.all("section", "thread")).extracting(e -> e.getAttribute("data-name")).containsExactly("main", "other");
    final Element f = page.byId("m1");
    assertThat(f.getElementsByTagName("td").item(2).getTextContent()).isEqualTo("3");
    assertThat(f.getElementsByTagName("td").item(3).getTextContent()).isEqualTo("7");
    assertThat(f.getElementsByTagName("td").item(4).getTextContent()).isEqualTo("3 / 3");
    assertThat(page.byId("m0").getElementsByTagName("td").item(3).getTextContent()).isEqualTo("4");
    assertThat(page.data().get("blocks").get(5).get(4).asLong()).isEqualTo(3);
  }

  @Test
  void namesAreEscapedInTextAttributesAndEmbeddedJson() throws Exception {
    final String evil = "t.</script><b x=\"1\">&amp;'";
    final Map<String, List<HandTraces.M>> classes = new LinkedHashMap<>();
    classes.put(evil, List.of(new HandTraces.M("main", new int[] {0, 2, 1}, new int[] {5, 5, 2})));
    final TraceDictionary d = HandTraces.dictionary(classes);
    final Map<String, int[]> threads = new LinkedHashMap<>();
    threads.put("<i>\"worker\" & 'co'</i>", new int[] {0, 1});
    final String html = report(d, threads, 1000);
    assertThat(html.indexOf("</script>")).isEqualTo(html.lastIndexOf("</script>", html.indexOf("<script>//")));
    final ReportXml page = ReportXml.parse(html);
    assertThat(page.all("section", "thread").get(0).getAttribute("data-name")).isEqualTo("<i>\"worker\" & 'co'</i>");
    assertThat(page.all("a", "m").get(0).getTextContent()).isEqualTo(evil + ".main");
    assertThat(page.data().get("classes").get(0).get(0).asText()).isEqualTo(evil);
  }

  @Test
  void htmlTextEscapesTheXmlSpecialsAndControlCharacters() {
    assertThat(Html.text("a<b>&\"'\u0001\tz")).isEqualTo("a&lt;b&gt;&amp;&quot;&#39;\uFFFD\tz");
  }

  @Test
  void aLongTraceIsCutAtTheNodeCapWithAMarkerAndCounted() throws Exception {
    // 200,000 calls of f on random paths: nothing folds, so only the cap bounds the page.
    final int[] blocks = randomCalls(200_000, 7);
    final String html = report(HandTraces.standard(), HandTraces.main(blocks), 500);
    assertThat(html.length()).isLessThan(200_000);
    final ReportXml page = ReportXml.parse(html);
    final Element thread = page.all("section", "thread").get(0);
    final ReportXml.Shown shown = page.unfold(thread);
    assertThat(shown.truncated()).isTrue();
    assertThat(shown.blocks()).containsExactlyElementsOf(
        Arrays.stream(blocks).limit(shown.blocks().size()).boxed().toList());
    final long nodes = page.all("details", "call").size() + page.all("details", "loop").size()
        + page.all("div", "run").stream().mapToLong(r -> ReportRenderer.cost(r.getAttribute("data-b").split(" ").length)).sum();
    assertThat(nodes).isLessThanOrEqualTo(500).isGreaterThan(400);
    final Element totals = ReportXml.child(thread, "p", "totals");
    final long shownEntries = Long.parseLong(totals.getAttribute("data-shown-entries"));
    assertThat(shownEntries).isEqualTo(shown.blocks().size());
    assertThat(totals.getAttribute("data-entries")).isEqualTo(Integer.toString(blocks.length));
    assertThat(totals.getTextContent()).contains("… " + (200_001 - Long.parseLong(totals.getAttribute("data-shown-calls")))
        + " more calls (" + (blocks.length - shownEntries) + " block entries) truncated");
    // The method table still counts the whole trace.
    assertThat(page.byId("m1").getElementsByTagName("td").item(2).getTextContent()).isEqualTo("200000");
  }

  @Test
  void everyCapShowsAPrefixOfThePathAndSaysSo() throws Exception {
    final int[] blocks = randomCalls(40, 11);
    for (int cap = 1; cap <= 120; cap += 7) {
      final ReportXml page = ReportXml.parse(report(HandTraces.standard(), HandTraces.main(blocks), cap));
      final Element thread = page.all("section", "thread").get(0);
      final ReportXml.Shown shown = page.unfold(thread);
      assertThat(shown.blocks()).as("cap " + cap).containsExactlyElementsOf(
          Arrays.stream(blocks).limit(shown.blocks().size()).boxed().toList());
      assertThat(shown.truncated()).as("cap " + cap).isEqualTo(shown.blocks().size() < blocks.length);
      assertThat(ReportXml.child(thread, "p", "totals").getAttribute("data-shown-entries"))
          .isEqualTo(Integer.toString(shown.blocks().size()));
    }
  }

  @Test
  void thePageCapBoundsManyThreads() throws Exception {
    final Map<String, int[]> threads = new LinkedHashMap<>();
    for (int t = 0; t < 30; t++) {
      threads.put("worker-" + t, randomCalls(100, t));
    }
    final ReportXml page = ReportXml.parse(report(HandTraces.standard(), threads, 50));
    final List<Element> markers = page.all("div", "truncated");
    assertThat(markers).hasSize(30);
    assertThat(markers.get(0).getTextContent()).contains("this thread has shown its 50 nodes (--max-nodes)");
    assertThat(markers.get(29).getTextContent()).contains("the page has shown its 500 nodes");
    final long runs = page.all("div", "run").stream().mapToLong(r -> ReportRenderer.cost(r.getAttribute("data-b").split(" ").length)).sum();
    assertThat(runs + page.all("details", "call").size() + page.all("details", "loop").size()).isLessThanOrEqualTo(500);
  }

  @Test
  void aCapBelowOneIsBadInput() {
    assertThatThrownBy(() -> HtmlReport.to(new PrintWriter(new StringWriter()), "t", ReportSources.NONE, 0))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("--max-nodes");
  }
}
