package dev.jdtrace.programs.libs;

import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.safety.Safelist;
import org.jsoup.select.Elements;

/**
 * JsoupDriver: jsoup parses a generated HTML document of N table rows and N list items (with
 * entities, attributes, comments, unclosed tags and a script), queries it with CSS selectors,
 * edits it, serializes it, and cleans an untrusted fragment per row against a safelist.
 * Usage: {@code JsoupDriver [N]} (default {@value #DEFAULT_SIZE}).
 */
public final class JsoupDriver {

    static final int DEFAULT_SIZE = 8;

    private JsoupDriver() {
    }

    public static void main(String[] args) {
        int n = Gen.parseSize(args, DEFAULT_SIZE);
        Gen gen = new Gen(99);
        String html = document(gen, n);

        Document doc = Jsoup.parse(html, "https://example.org/base/");
        String title = doc.title();

        // Queries.
        Elements rows = doc.select("table#data > tbody > tr");
        Elements even = doc.select("tr:nth-child(even) td.qty");
        Elements links = doc.select("a[href]");
        Elements flagged = doc.select("li.item[data-flag=yes]");
        Elements withText = doc.select("li:contains(ta)");
        long qtySum = 0;
        for (Element td : doc.select("td.qty")) {
            qtySum += Long.parseLong(td.text().trim());
        }
        for (Element td : even) {
            qtySum += td.text().length();
        }
        int absChars = 0;
        for (Element a : links) {
            absChars += a.absUrl("href").length();
        }
        int textChars = doc.body().text().length();

        // Edits, then serialization.
        for (Element li : flagged) {
            li.addClass("hot").attr("title", "flagged " + li.id());
        }
        doc.select("span.note").remove();
        doc.select("p").wrap("<div class=\"wrapped\"></div>");
        String out = doc.outerHtml();
        Document reparsed = Jsoup.parse(out);
        int reparsedRows = reparsed.select("table#data tr").size();

        // Cleaning untrusted fragments.
        int cleanChars = 0;
        Safelist safelist = Safelist.basic();
        for (int i = 0; i < n; i++) {
            String fragment = "<p onclick=\"evil()\">" + gen.sentence() + " <a href=\"javascript:x()\">bad</a> "
                    + "<a href=\"/ok/" + i + "\">ok</a> <script>alert(" + i + ")</script><b>" + gen.word() + "</b></p>";
            cleanChars += Jsoup.clean(fragment, "https://example.org/", safelist).length();
            if (!Jsoup.isValid("<b>" + i + "</b>", safelist)) {
                throw new IllegalStateException("valid fragment rejected");
            }
        }

        long checksum = 17;
        checksum = checksum * 31 + out.hashCode();
        checksum = checksum * 31 + reparsed.body().text().hashCode();
        System.out.println("jsoup: title=" + title + " rows=" + rows.size() + " reparsedRows=" + reparsedRows
                + " links=" + links.size() + " flagged=" + flagged.size() + " withTa=" + withText.size());
        System.out.println("jsoup: qtySum=" + qtySum + " absChars=" + absChars + " textChars=" + textChars
                + " cleanChars=" + cleanChars + " outChars=" + out.length());
        System.out.println("jsoup: checksum=" + Long.toHexString(checksum));
    }

    private static String document(Gen gen, int n) {
        StringBuilder sb = new StringBuilder();
        sb.append("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>Report &amp; ")
                .append(n).append(" rows</title>\n")
                .append("<script>var rows = ").append(n).append("; if (rows < 3) { document.write('<b>'); }</script>\n")
                .append("<style>td { color: red; }</style></head>\n<body>\n<h1 class=\"top\">Report</h1>\n")
                .append("<table id=\"data\"><thead><tr><th>Name</th><th>Qty</th><th>Link</th></tr></thead><tbody>\n");
        for (int i = 0; i < n; i++) {
            sb.append("<tr class=\"r").append(i % 3).append("\"><td>").append(escape(gen.sentence())).append("</td>")
                    .append("<td class=\"qty\">").append(gen.next(500)).append("</td>")
                    .append("<td><a href=\"item/").append(i).append("?q=").append(gen.next(100)).append("&amp;x=1\">")
                    .append(escape(gen.word())).append("</a>");
            if (gen.next(3) == 0) {
                sb.append("<span class=\"note\">&copy; &lt;note&gt; &#x263A;</span>");
            }
            sb.append(i % 4 == 0 ? "\n" : "</td></tr>\n"); // some rows left unclosed
        }
        sb.append("</tbody></table>\n<!-- list follows -->\n<ul id=\"list\">\n");
        for (int i = 0; i < n; i++) {
            sb.append("<li class=\"item\" id=\"li").append(i).append("\" data-flag=\"")
                    .append(gen.next(2) == 0 ? "yes" : "no").append("\">")
                    .append(escape(gen.sentence()));
            if (i % 5 == 2) {
                sb.append("<p>para <em>inside <strong>nested</em> misnested</strong>");
            }
            sb.append(i % 2 == 0 ? "</li>\n" : "\n"); // implied end tags
        }
        sb.append("</ul>\n<p>End &mdash; done&nbsp;now</p>\n</body></html>\n");
        return sb.toString();
    }

    private static String escape(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '<' -> sb.append("&lt;");
                case '>' -> sb.append("&gt;");
                case '&' -> sb.append("&amp;");
                case '"' -> sb.append("&quot;");
                default -> sb.append(c);
            }
        }
        return sb.toString();
    }
}
