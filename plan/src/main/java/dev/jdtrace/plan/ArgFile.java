package dev.jdtrace.plan;

import java.util.ArrayList;
import java.util.List;

/**
 * The arguments of a {@code java @argfile}, split as the JDK 17 launcher splits them (its {@code args.c}):
 * white space separates; single or double quotes group, and are dropped; inside quotes a backslash escapes
 * ({@code \n \r \t \f}, else the character itself) and a backslash at the end of a line joins the next line
 * without its leading white space; an open quote ends at the end of its line; {@code #} outside quotes
 * comments out the rest of the line. Outside quotes a backslash is an ordinary character.
 */
final class ArgFile {
  private ArgFile() {
  }

  /** Where the splitter is: the launcher's states. */
  private enum State { FIND_NEXT, IN_TOKEN, IN_QUOTE, IN_ESCAPE, SKIP_LEAD_WS, IN_COMMENT }

  /** The arguments the launcher reads from an argfile's text. */
  static List<String> split(final String text) {
    final List<String> args = new ArrayList<>();
    // The launcher builds a token from parts (text between quotes and escapes) and keeps parts across a
    // comment that interrupts a token: that quirk is kept, so that every file splits as java splits it.
    final StringBuilder parts = new StringBuilder();
    boolean hasParts = false;
    State state = State.FIND_NEXT;
    char quote = '"';
    int anchor = 0;
    for (int i = 0; i < text.length(); i++) {
      final char c = text.charAt(i);
      switch (state) {
        case FIND_NEXT, SKIP_LEAD_WS -> {
          if (isSpace(c)) {
            continue;
          }
          state = state == State.FIND_NEXT ? State.IN_TOKEN : State.IN_QUOTE;
          anchor = i;
        }
        case IN_ESCAPE -> {
          if (c == '\n' || c == '\r') {
            state = State.SKIP_LEAD_WS;
          } else {
            parts.append(switch (c) {
              case 'n' -> '\n';
              case 'r' -> '\r';
              case 't' -> '\t';
              case 'f' -> '\f';
              default -> c;
            });
            hasParts = true;
            state = State.IN_QUOTE;
          }
          anchor = i + 1;
          continue;
        }
        case IN_COMMENT -> {
          if (c == '\n' || c == '\r') {
            anchor = i + 1;
            state = State.FIND_NEXT;
          }
          continue;
        }
        default -> {
        }
      }
      switch (c) {
        case ' ', '\t', '\f', '\n', '\r' -> {
          if (state == State.IN_QUOTE && c != '\n' && c != '\r') {
            continue;
          }
          args.add(parts.append(text, anchor, i).toString());
          parts.setLength(0);
          hasParts = false;
          state = State.FIND_NEXT;
        }
        case '#' -> {
          if (state != State.IN_QUOTE) {
            state = State.IN_COMMENT;
            anchor = i + 1;
          }
        }
        case '\\' -> {
          if (state == State.IN_QUOTE) {
            parts.append(text, anchor, i);
            hasParts = true;
            state = State.IN_ESCAPE;
            anchor = i + 1;
          }
        }
        case '\'', '"' -> {
          if (state == State.IN_QUOTE && quote != c) {
            continue;
          }
          if (anchor != i) {
            parts.append(text, anchor, i);
            hasParts = true;
          }
          anchor = i + 1;
          if (state == State.IN_TOKEN) {
            quote = c;
            state = State.IN_QUOTE;
          } else {
            state = State.IN_TOKEN;
          }
        }
        default -> {
        }
      }
    }
    // The last token, unless it is empty or a comment.
    if (state == State.IN_TOKEN || state == State.IN_QUOTE) {
      if (anchor < text.length()) {
        parts.append(text, anchor, text.length());
        hasParts = true;
      }
      if (hasParts) {
        args.add(parts.toString());
      }
    }
    return args;
  }

  private static boolean isSpace(final char c) {
    return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f';
  }
}
