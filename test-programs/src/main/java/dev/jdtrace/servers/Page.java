package dev.jdtrace.servers;

import org.apache.commons.lang3.StringUtils;

/**
 * The traced page both servers render, with commons-lang3's {@code StringUtils} (traced too): a query
 * {@code n=COUNT} lists the numbers below COUNT, each described in words, and {@code fail} throws, as a
 * handler with a bug does.
 */
public final class Page {
  /** What both servers answer on {@code /static}, without rendering: requests a trace of {@link Page} does not follow. */
  public static final String STATIC = "<p>static</p>";

  private Page() {
  }

  /** The page for a request's query ({@code null} when the request has none). */
  public static String render(final String query) {
    if (query != null && query.contains("fail")) {
      throw new IllegalArgumentException("no page for " + query);
    }
    final int n = query == null || !query.startsWith("n=") ? 1 : Integer.parseInt(query.substring(2));
    final StringBuilder html = new StringBuilder(title(n)).append("<ul>");
    for (int i = 0; i < n; i++) {
      html.append("<li>").append(StringUtils.leftPad(Integer.toString(i), 3, '0')).append(' ')
          .append(describe(i)).append("</li>");
    }
    return html.append("</ul>").append(footer(n)).toString();
  }

  private static String title(final int n) {
    if (n == 0) {
      return "<h1>" + StringUtils.capitalize("nothing") + "</h1>";
    }
    return "<h1>" + StringUtils.abbreviate(StringUtils.repeat("number ", n), 20) + "</h1>";
  }

  private static String describe(final int i) {
    final String parity = i % 2 == 0 ? "even" : "odd";
    switch (i % 3) {
      case 0:
        return parity + ", a multiple of three";
      case 1:
        return parity + (isSquare(i) ? ", a square" : "");
      default:
        return StringUtils.upperCase(parity);
    }
  }

  private static boolean isSquare(final int i) {
    int r = 0;
    while (r * r < i) {
      r++;
    }
    return r * r == i;
  }

  private static String footer(final int n) {
    return n > 3 ? "<p>" + StringUtils.join(new int[] {n, n * n}, '/') + "</p>" : "";
  }
}
