package dev.jdtrace.analysis;

import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import com.fasterxml.jackson.core.io.SerializedString;

/**
 * Escaping for the HTML report. The page is written as well-formed XHTML-compatible markup, so text and
 * attribute values escape the five XML specials, and JSON embedded in a {@code <script>} escapes
 * {@code <}, {@code >} and {@code &} inside strings so that no string can close the script element.
 */
final class Html {
  private Html() {
  }

  /** {@code s} as element text or a quoted attribute value. */
  static String text(final String s) {
    final StringBuilder b = new StringBuilder(s.length() + 16);
    for (int i = 0; i < s.length(); i++) {
      final char c = s.charAt(i);
      switch (c) {
        case '&' -> b.append("&amp;");
        case '<' -> b.append("&lt;");
        case '>' -> b.append("&gt;");
        case '"' -> b.append("&quot;");
        case '\'' -> b.append("&#39;");
        default -> {
          // Control characters other than tab and newlines are not allowed in XML text.
          if (c < 0x20 && c != '\t' && c != '\n' && c != '\r' || c == 0xFFFE || c == 0xFFFF) {
            b.append('\uFFFD');
          } else {
            b.append(c);
          }
        }
      }
    }
    return b.toString();
  }

  /** Jackson escapes that keep JSON safe inside a {@code <script>} element. */
  static final class ScriptSafe extends CharacterEscapes {
    private final int[] table;

    ScriptSafe() {
      table = CharacterEscapes.standardAsciiEscapesForJSON();
      table['<'] = CharacterEscapes.ESCAPE_STANDARD;
      table['>'] = CharacterEscapes.ESCAPE_STANDARD;
      table['&'] = CharacterEscapes.ESCAPE_STANDARD;
    }

    @Override
    public int[] getEscapeCodesForAscii() {
      return table;
    }

    @Override
    public SerializableString getEscapeSequence(final int ch) {
      // Line and paragraph separators end a line in older JavaScript parsers.
      if (ch == 0x2028 || ch == 0x2029 || ch == 0xFFFE || ch == 0xFFFF) {
        return new SerializedString(String.format("\\u%04x", ch));
      }
      return null;
    }
  }
}
