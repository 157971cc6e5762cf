package dev.jdtrace.programs.libs;

import org.apache.commons.lang3.ArrayUtils;
import org.apache.commons.lang3.CharSetUtils;
import org.apache.commons.lang3.StringEscapeUtils;
import org.apache.commons.lang3.StringUtils;
import org.apache.commons.lang3.math.NumberUtils;
import org.apache.commons.lang3.text.WordUtils;

/**
 * LangDriver: commons-lang3 string, escaping, number and array utilities over N generated
 * sentences and numbers. Usage: {@code LangDriver [N]} (default {@value #DEFAULT_SIZE}).
 */
@SuppressWarnings("deprecation") // StringEscapeUtils and WordUtils moved to commons-text, but are still in lang3.
public final class LangDriver {

    static final int DEFAULT_SIZE = 20;

    private LangDriver() {
    }

    public static void main(String[] args) {
        int n = Gen.parseSize(args, DEFAULT_SIZE);
        Gen gen = new Gen(42);
        long checksum = 0;
        int numeric = 0;
        int creatable = 0;
        long numberSum = 0;
        int escapedChars = 0;
        String previous = "";
        int[] lengths = new int[0];
        for (int i = 0; i < n; i++) {
            String s = gen.sentence();

            // Splitting, joining, case and padding.
            String[] parts = StringUtils.split(s, " ,-");
            String joined = StringUtils.join(parts, '|');
            String abbreviated = StringUtils.abbreviate(s, 12);
            String capitalized = StringUtils.capitalize(StringUtils.trimToEmpty(s));
            String padded = StringUtils.leftPad(Integer.toString(i), 6, '0');
            String replaced = StringUtils.replace(s, "a", "4");
            String swapped = StringUtils.swapCase(s);
            String centered = StringUtils.center(StringUtils.left(s, 8), 12, '*');
            String reversedWords = StringUtils.reverseDelimited(joined, '|');
            String diff = StringUtils.difference(previous, s);
            int distance = StringUtils.getLevenshteinDistance(StringUtils.left(previous, 10), StringUtils.left(s, 10));
            int matches = StringUtils.countMatches(s, 'a');
            String stripped = StringUtils.stripAccents(s);
            String squeezed = CharSetUtils.squeeze(s, "a-z");
            boolean blank = StringUtils.isBlank(s);
            String wrapped = WordUtils.wrap(s, 10, "\n", true);
            String initials = WordUtils.initials(s);
            String titled = WordUtils.capitalizeFully(s);
            checksum = mix(checksum, joined, abbreviated, capitalized, padded, replaced, swapped, centered,
                    reversedWords, diff, stripped, squeezed, wrapped, initials, titled);
            checksum = checksum * 31 + distance * 7 + matches + (blank ? 1 : 0);

            // Escaping, for Java, HTML, XML, JSON and CSV, and back.
            String javaEsc = StringEscapeUtils.escapeJava(s);
            String html = StringEscapeUtils.escapeHtml4(s);
            String xml = StringEscapeUtils.escapeXml11(s);
            String json = StringEscapeUtils.escapeJson(s);
            String csv = StringEscapeUtils.escapeCsv(s);
            String back = StringEscapeUtils.unescapeHtml4(html);
            if (!back.equals(s)) {
                throw new IllegalStateException("HTML escape round trip failed for " + s);
            }
            String javaBack = StringEscapeUtils.unescapeJava(javaEsc);
            if (!javaBack.equals(s)) {
                throw new IllegalStateException("Java escape round trip failed for " + s);
            }
            escapedChars += javaEsc.length() + html.length() + xml.length() + json.length() + csv.length() - 5 * s.length();
            checksum = mix(checksum, javaEsc, html, xml, json, csv);

            // Number parsing.
            String num = gen.number();
            if (StringUtils.isNumeric(num)) {
                numeric++;
                numberSum += NumberUtils.toInt(num, -1);
            }
            if (NumberUtils.isCreatable(num)) {
                creatable++;
                Number value = NumberUtils.createNumber(num);
                numberSum += value.longValue();
                checksum = checksum * 31 + value.getClass().getSimpleName().hashCode();
            } else {
                numberSum += NumberUtils.toLong(num, 7L) + (long) NumberUtils.toDouble(num, 1.5);
            }
            numberSum += NumberUtils.max(parts.length, s.length(), i);

            // Arrays.
            lengths = ArrayUtils.add(lengths, s.length());
            if (lengths.length > 8) {
                lengths = ArrayUtils.remove(lengths, 0);
            }
            int[] sorted = ArrayUtils.clone(lengths);
            java.util.Arrays.sort(sorted);
            ArrayUtils.reverse(sorted);
            int where = ArrayUtils.indexOf(lengths, s.length());
            String[] unique = ArrayUtils.removeAllOccurrences(parts, "x");
            Integer[] boxed = ArrayUtils.toObject(sorted);
            checksum = checksum * 31 + where + unique.length + ArrayUtils.toPrimitive(boxed)[0]
                    + (ArrayUtils.contains(parts, "the") ? 1 : 0);

            previous = s;
        }
        System.out.println("lang3: strings=" + n + " numeric=" + numeric + " creatable=" + creatable);
        System.out.println("lang3: numberSum=" + numberSum + " escapedChars=" + escapedChars);
        System.out.println("lang3: checksum=" + Long.toHexString(checksum));
    }

    private static long mix(long checksum, String... values) {
        long c = checksum;
        for (String v : values) {
            c = c * 1_000_003L + v.hashCode();
        }
        return c;
    }
}
