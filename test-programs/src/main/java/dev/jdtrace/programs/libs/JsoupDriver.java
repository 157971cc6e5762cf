package dev.jdtrace.programs.libs;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Entities;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;
import org.jsoup.parser.Parser;
import org.jsoup.select.Elements;
import org.jsoup.select.NodeVisitor;

/**
 * JsoupDriver: jsoup parses a generated HTML page of N sections (nested lists and tables, attributes
 * quoted three ways, character references, comments, unclosed and misnested tags the tree builder
 * repairs), queries it with CSS selectors, walks it with a visitor of this class (a callback from the
 * library into untraced code that calls the library again), edits it, prints it back and parses the
 * printed page again; then parses the same sections as XML. Usage: {@code JsoupDriver [N]} (default
 * {@value #DEFAULT_SIZE}). Only jsoup is traced ({@code org.jsoup.*}).
 *
 * <p>Besides the determinism of every driver, this one never asks an element for its element children
 * ({@code children()}, {@code child(i)}, sibling and index lookups, {@code Document.body()} and the
 * selectors built on them): jsoup keeps that list behind a weak reference, so whether it is rebuilt
 * would depend on when the garbage collector ran.
 */
public final class JsoupDriver {

    static final int DEFAULT_SIZE = 1;

    private static final String[] SELECTORS = {
        "div.section", "ul > li", "td.num", "a[href]", "a[href^=https]", "[data-id]", "p:contains(alpha)",
        "div:has(table)", "div > h2", "span.note, em", "table tr td", "li:not(.skip)", "*[title*=a]",
        "p:matchesOwn(\\d+)"};

    private JsoupDriver() {
    }

    public static void main(String[] args) {
        int n = Gen.parseSize(args, DEFAULT_SIZE);
        Gen gen = new Gen(4242);
        String html = page(gen, n);

        Document doc = Jsoup.parse(html, "https://example.org/base/");
        long checksum = 17;
        int matched = 0;
        for (String selector : SELECTORS) {
            Elements found = doc.select(selector);
            matched += found.size();
            checksum = checksum * 31 + selector.hashCode() * 7 + found.size();
        }
        for (Element link : doc.select("a[href]")) {
            checksum = checksum * 31 + link.absUrl("href").hashCode();
        }
        for (Element cell : doc.select("td.num")) {
            checksum = checksum * 31 + cell.text().hashCode();
        }

        Census census = new Census();
        doc.traverse(census);

        // Edits: every note becomes emphasised, every row gets a class, the scripts go.
        for (Element note : doc.select("span.note")) {
            note.tagName("em").attr("data-was", "note");
        }
        for (Element row : doc.select("tr")) {
            row.addClass("row").toggleClass("odd");
        }
        doc.select("script").remove();
        doc.outputSettings().prettyPrint(true).indentAmount(2);
        String printed = doc.outerHtml();

        Document again = Jsoup.parse(printed);
        int emphasised = again.select("em[data-was=note]").size();
        String text = again.text();

        Document xml = Jsoup.parse(sectionsXml(gen, n), "", Parser.xmlParser());
        int xmlItems = xml.select("item[qty]").size();
        String unescaped = Parser.unescapeEntities(Entities.escape(text), false);
        if (!unescaped.equals(text)) {
            throw new IllegalStateException("escape and unescape differ");
        }

        System.out.println("jsoup: sections=" + n + " chars=" + html.length() + " printedChars=" + printed.length()
                + " matched=" + matched + " emphasised=" + emphasised + " xmlItems=" + xmlItems);
        System.out.println("jsoup: elements=" + census.elements + " texts=" + census.texts + " depth="
                + census.maxDepth + " textChars=" + text.length());
        System.out.println("jsoup: checksum=" + Long.toHexString(checksum * 31 + census.hash));
    }

    /** Counts the nodes and hashes the tag names: jsoup calls it for every node, it calls jsoup back. */
    private static final class Census implements NodeVisitor {
        int elements;
        int texts;
        int maxDepth;
        long hash = 1;

        @Override
        public void head(Node node, int depth) {
            maxDepth = Math.max(maxDepth, depth);
            if (node instanceof Element e) {
                elements++;
                hash = hash * 31 + e.normalName().hashCode() + e.attributesSize();
            } else if (node instanceof TextNode t && !t.isBlank()) {
                texts++;
                hash = hash * 31 + t.text().length();
            }
        }

        @Override
        public void tail(Node node, int depth) {
            if (node instanceof Element e && e.hasClass("section")) {
                hash = hash * 31 + e.id().hashCode();
            }
        }
    }

    private static String page(Gen gen, int n) {
        StringBuilder sb = new StringBuilder();
        sb.append("<!DOCTYPE html>\n<html><head><title>Driver &amp; page</title>")
                .append("<meta charset=utf-8><script>var x = 1 < 2 && \"</p>\";</script></head><body>\n");
        for (int i = 0; i < n; i++) {
            sb.append("<div class=section id=s").append(i).append(" data-id='").append(i).append("'>");
            sb.append("<h2 title=\"").append(gen.word().replace("\"", "")).append("\">Section ").append(i)
                    .append("</h2>\n");
            // Unclosed paragraphs and a misnested <b><i>: the tree builder closes and reorders them.
            for (int p = 0; p < 3; p++) {
                sb.append("<p>").append(Entities.escape(gen.sentence())).append(' ').append(gen.next(1000));
                if (p == 1) {
                    sb.append(" <b>bold <i>both</b> italic</i>");
                }
                sb.append(p == 2 ? "</p>" : "").append('\n');
            }
            sb.append("<!-- section ").append(i).append(" -->\n<ul>");
            int items = 2 + gen.next(4);
            for (int k = 0; k < items; k++) {
                sb.append(k % 3 == 2 ? "<li class=skip>" : "<li>");
                sb.append("<a href=").append(k % 2 == 0 ? "\"https://x.example/" : "\"../rel/").append(i).append('/')
                        .append(k).append("\">").append(gen.word().replace("<", "&lt;")).append("</a>");
                if (k % 2 == 1) {
                    sb.append(" <span class=note>&copy; &#169; &#xA9; &nbsp;").append(gen.word()).append("</span>");
                }
                sb.append('\n'); // </li> left out: the next <li> closes it.
            }
            sb.append("</ul>\n<table><tr><th>k<th>v");
            for (int r = 0; r < 3; r++) {
                sb.append("<tr><td>").append(gen.word().replace("<", "")).append("<td class=num>")
                        .append(gen.number());
            }
            sb.append("</table>");
            if (i % 4 == 3) {
                sb.append("<script>if (a < b) { x = '</div>'; }</script><em>end ").append(i).append("</em>");
            }
            sb.append("</div>\n");
        }
        sb.append("</body></html>\n");
        return sb.toString();
    }

    private static String sectionsXml(Gen gen, int n) {
        StringBuilder sb = new StringBuilder("<?xml version=\"1.0\"?>\n<order xmlns:x=\"urn:x\">");
        for (int i = 0; i < n; i++) {
            sb.append("<x:batch no=\"").append(i).append("\">");
            for (int k = 0; k < 4; k++) {
                sb.append("<item").append(k % 2 == 0 ? " qty=\"" + gen.next(50) + "\"" : "").append('>')
                        .append("<![CDATA[").append(gen.word()).append("]]>").append("</item>");
            }
            sb.append("<note/></x:batch>\n");
        }
        return sb.append("</order>").toString();
    }
}
