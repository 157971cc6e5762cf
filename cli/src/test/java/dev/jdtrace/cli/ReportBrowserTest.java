package dev.jdtrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdtrace.analysis.ReportXml;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * The HTML report in a real headless browser (Chromium, installed by {@code .ci/install-test-deps}): its script runs
 * offline, the thread sections, method table and folded-loop counts render, a {@code #c<id>} or
 * {@code #m<id>} fragment (what a click sets) opens the call or method and lists its blocks, and the
 * screenshot shows the page.
 */
class ReportBrowserTest {
  private static final Pattern PANEL_ROW = Pattern.compile("<tr (?:class=\"hot\" )?data-block=\"(\\d+)\"");

  @TempDir
  Path dir;

  private Path page(final String program, final String... options) throws Exception {
    final Path html = dir.resolve(program + ".html");
    Files.writeString(html, ReportCommandTest.report(dir, program, options));
    return html;
  }

  @Test
  void theTreeTableAndFoldedLoopCountsRenderWithTheScriptRun() throws Exception {
    final Path html = page("dev.jdtrace.programs.Loops", "--sources", ReportCommandTest.SOURCES.toString());
    final String dom = Chromium.in(dir).dumpDom(html.toUri());
    assertThat(dom).contains("<section class=\"thread\" id=\"t0\" data-name=\"main\">")
        .contains("<a href=\"#t0\">thread main</a>")
        .contains("<span class=\"count\">× 7</span>")
        .contains("<details class=\"loop\" data-n=\"3\"");
    final long rows = ReportXml.parse(Files.readString(html)).all("tr", "").stream()
        .filter(r -> r.hasAttribute("data-m")).count();
    assertThat(rows).isPositive();
    assertThat(Pattern.compile("<tr id=\"m\\d+\" data-m=\"\\d+\">").matcher(dom).results().count()).isEqualTo(rows);
    assertThat(dom).contains("Click a call or a method.");
  }

  @Test
  void everyThreadGetsASectionAndALink() throws Exception {
    final Path html = page("dev.jdtrace.programs.Threads");
    final List<String> names = ReportXml.parse(Files.readString(html)).all("section", "thread").stream()
        .map(e -> e.getAttribute("data-name")).toList();
    assertThat(names).hasSizeGreaterThan(1).contains("main");
    final String dom = Chromium.in(dir).dumpDom(html.toUri());
    for (int t = 0; t < names.size(); t++) {
      assertThat(dom).contains("<section class=\"thread\" id=\"t" + t + "\" data-name=\"" + names.get(t) + "\">")
          .contains("<a href=\"#t" + t + "\">thread " + names.get(t) + "</a>");
    }
  }

  @Test
  void aCallFragmentOpensTheCallAndListsItsBlocksWithSource() throws Exception {
    final Path html = page("dev.jdtrace.programs.Recursion", "--sources", ReportCommandTest.SOURCES.toString());
    final ReportXml page = ReportXml.parse(Files.readString(html));
    // A call nested deep enough to start closed, so that only the fragment can have opened it.
    final Element call = page.all("details", "call").stream().filter(e -> !e.hasAttribute("open")).findFirst()
        .orElseThrow();
    final List<String> own = ownBlocks(ReportXml.child(call, "div", "body"), new ArrayList<>());
    assertThat(own).isNotEmpty();
    final String id = call.getAttribute("id");
    final String dom = Chromium.in(dir).dumpDom(html.toUri().resolve("#" + id));
    final Matcher opened = Pattern.compile("<details class=\"call selected\" id=\"" + id + "\" [^>]*open=").matcher(dom);
    assertThat(opened.find()).as("call " + id + " selected and open").isTrue();
    final String table = dom.substring(dom.indexOf("<table class=\"blocks\" id=\"call-blocks\">"));
    final List<String> listed = PANEL_ROW.matcher(table.substring(0, table.indexOf("</table>"))).results()
        .map(m -> m.group(1)).toList();
    assertThat(listed).isEqualTo(own);
    assertThat(table).contains("<td class=\"src\">");
    final String method = page.method(Integer.parseInt(call.getAttribute("data-m")));
    assertThat(dom).contains("<h2 id=\"panel-title\">" + method.substring(0, method.indexOf('\t')) + "."
        + method.substring(method.indexOf('\t') + 1, method.indexOf('(')) + " (Recursion.java:");
  }

  @Test
  void aMethodFragmentListsEveryBlockOfTheMethodWithItsHits() throws Exception {
    final Path html = page("dev.jdtrace.programs.Recursion");
    final ReportXml page = ReportXml.parse(Files.readString(html));
    final Element row = page.all("tr", "").stream().filter(r -> r.hasAttribute("data-m")).findFirst().orElseThrow();
    final int m = Integer.parseInt(row.getAttribute("data-m"));
    final List<String> blocks = new ArrayList<>();
    long hits = 0;
    for (int b = 0; b < page.data().get("blocks").size(); b++) {
      if (page.data().get("blocks").get(b).get(0).asInt() == m) {
        blocks.add(Integer.toString(b));
        hits += page.data().get("blocks").get(b).get(4).asLong();
      }
    }
    assertThat(hits).isEqualTo(Long.parseLong(((Element) row.getElementsByTagName("td").item(3)).getAttribute("data-v")));
    final String dom = Chromium.in(dir).dumpDom(html.toUri().resolve("#m" + m));
    assertThat(dom).contains("<tr id=\"m" + m + "\" data-m=\"" + m + "\" class=\"selected\">");
    final String table = dom.substring(dom.indexOf("<table class=\"blocks\" id=\"method-blocks\">"));
    assertThat(PANEL_ROW.matcher(table.substring(0, table.indexOf("</table>"))).results().map(r -> r.group(1)).toList())
        .isEqualTo(blocks);
    // Without --sources the panel has no source column.
    assertThat(table.substring(0, table.indexOf("</table>"))).doesNotContain("class=\"src\"");
  }

  @Test
  void theScreenshotShowsTheHeaderBandAndAPaintedPage() throws Exception {
    final Path png = Chromium.in(dir).screenshot(page("dev.jdtrace.programs.Sample").toUri());
    final BufferedImage image = ImageIO.read(png.toFile());
    assertThat(image.getWidth()).isEqualTo(1200);
    assertThat(image.getHeight()).isEqualTo(900);
    // The header band (#1d3557) spans the top of the page, left of the scroll bar.
    for (int x = 0; x < 1150; x += 50) {
      assertThat(image.getRGB(x, 2) & 0xFFFFFF).as("band at x=" + x).isEqualTo(0x1d3557);
    }
    assertThat(image.getRGB(1100, 45) & 0xFFFFFF).isEqualTo(0x1d3557);
    // Below it the page background, and text in many colours (tree, counts, table), not a blank image.
    assertThat(image.getRGB(2, 600) & 0xFFFFFF).isEqualTo(0xf6f8fa);
    final Set<Integer> colours = new HashSet<>();
    for (int y = 60; y < 900; y += 3) {
      for (int x = 0; x < 1200; x += 3) {
        colours.add(image.getRGB(x, y) & 0xFFFFFF);
      }
    }
    assertThat(colours).hasSizeGreaterThan(20).contains(0xffffff);
  }

  /** Block ids of a call's own runs, as the panel lists them: in its body and loops, not in calls it makes. */
  private static List<String> ownBlocks(final Element body, final List<String> out) {
    for (Node n = body.getFirstChild(); n != null; n = n.getNextSibling()) {
      if (n instanceof Element e) {
        if (ReportXml.hasClass(e, "run")) {
          out.addAll(List.of(e.getAttribute("data-b").split(" ")));
        } else if (ReportXml.hasClass(e, "loop")) {
          ownBlocks(ReportXml.child(e, "div", "body"), out);
        }
      }
    }
    return out;
  }
}
