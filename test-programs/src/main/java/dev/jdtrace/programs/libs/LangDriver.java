package dev.jdtrace.programs.libs;

import org.apache.commons.lang3.ArrayUtils;
import org.apache.commons.lang3.CharSetUtils;
import org.apache.commons.lang3.StringUtils;
import org.apache.commons.lang3.math.NumberUtils;
import org.apache.commons.lang3.text.WordUtils;
import org.apache.commons.lang3.text.translate.AggregateTranslator;
import org.apache.commons.lang3.text.translate.CharSequenceTranslator;
import org.apache.commons.lang3.text.translate.EntityArrays;
import org.apache.commons.lang3.text.translate.JavaUnicodeEscaper;
import org.apache.commons.lang3.text.translate.LookupTranslator;
import org.apache.commons.lang3.text.translate.NumericEntityEscaper;
import org.apache.commons.lang3.text.translate.NumericEntityUnescaper;
import org.apache.commons.lang3.text.translate.OctalUnescaper;
import org.apache.commons.lang3.text.translate.UnicodeUnescaper;

/**
 * LangDriver: commons-lang3 string, word, escaping, number and array utilities over N generated
 * sentences and numbers. Every item is split, joined, parsed as a number and added to an array;
 * then, taking turns, one of four groups of utilities runs on it (padding and abbreviating;
 * case, distance and counting; word wrapping and character sets; escaping and unescaping).
 * Usage: {@code LangDriver [N]} (default {@value #DEFAULT_SIZE}).
 *
 * <p>The escapers are built from lang3's translator classes directly rather than through
 * {@code StringEscapeUtils}, whose class initialization builds the full HTML 4 entity tables (about
 * 9,000 basic-block entries before any work is done).
 */
@SuppressWarnings("deprecation") // WordUtils and the text.translate classes moved to commons-text, but are still in lang3.
public final class LangDriver {

    static final int DEFAULT_SIZE = 12;

    /** Java string escaping: quotes, backslash, control characters, non-ASCII as \\uXXXX. */
    private static final CharSequenceTranslator ESCAPE_JAVA = new AggregateTranslator(
            new LookupTranslator(new String[][] {{"\"", "\\\""}, {"\\", "\\\\"}}),
            new LookupTranslator(EntityArrays.JAVA_CTRL_CHARS_ESCAPE()),
            JavaUnicodeEscaper.outsideOf(32, 0x7f));

    private static final CharSequenceTranslator UNESCAPE_JAVA = new AggregateTranslator(
            new OctalUnescaper(),
            new UnicodeUnescaper(),
            new LookupTranslator(EntityArrays.JAVA_CTRL_CHARS_UNESCAPE()),
            new LookupTranslator(new String[][] {{"\\\\", "\\"}, {"\\\"", "\""}, {"\\'", "'"}, {"\\", ""}}));

    /** XML escaping: the five basic entities, non-ASCII as numeric entities. */
    private static final CharSequenceTranslator ESCAPE_XML = new AggregateTranslator(
            new LookupTranslator(EntityArrays.BASIC_ESCAPE()),
            new LookupTranslator(EntityArrays.APOS_ESCAPE()),
            NumericEntityEscaper.above(0x7f));

    private static final CharSequenceTranslator UNESCAPE_XML = new AggregateTranslator(
            new LookupTranslator(EntityArrays.BASIC_UNESCAPE()),
            new LookupTranslator(EntityArrays.APOS_UNESCAPE()),
            new NumericEntityUnescaper());

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

            // Every item: split, join, number parsing, arrays.
            String[] parts = StringUtils.split(s, " ,-");
            String joined = StringUtils.join(parts, '|');
            checksum = mix(checksum, joined);

            String num = gen.number();
            if (StringUtils.isNumeric(num)) {
                numeric++;
                numberSum += NumberUtils.toInt(num, -1);
            }
            if (NumberUtils.isCreatable(num)) {
                creatable++;
                Number value = NumberUtils.createNumber(num);
                numberSum += value.longValue() % 100000;
                checksum = checksum * 31 + value.getClass().getSimpleName().hashCode();
            } else {
                numberSum += NumberUtils.toLong(num, 7L) + (long) NumberUtils.toDouble(num, 1.5);
            }
            numberSum += NumberUtils.max(parts.length, s.length(), i);

            lengths = ArrayUtils.add(lengths, s.length());
            if (lengths.length > 6) {
                lengths = ArrayUtils.remove(lengths, 0);
            }
            int where = ArrayUtils.indexOf(lengths, s.length());
            checksum = checksum * 31 + where + (ArrayUtils.contains(parts, "the") ? 1 : 0);

            // In turn, one group of utilities.
            switch (i % 4) {
                case 0 -> {
                    String abbreviated = StringUtils.abbreviate(s, 12);
                    String capitalized = StringUtils.capitalize(StringUtils.trimToEmpty(s));
                    String padded = StringUtils.leftPad(Integer.toString(i), 6, '0');
                    String replaced = StringUtils.replace(s, "a", "4");
                    String diff = StringUtils.difference(previous, s);
                    checksum = mix(checksum, abbreviated, capitalized, padded, replaced, diff);
                }
                case 1 -> {
                    String swapped = StringUtils.swapCase(StringUtils.left(s, 12));
                    String centered = StringUtils.center(StringUtils.left(s, 8), 12, '*');
                    String reversedWords = StringUtils.reverseDelimited(joined, '|');
                    int distance = StringUtils.getLevenshteinDistance(StringUtils.left(previous, 5), StringUtils.left(s, 5));
                    int matches = StringUtils.countMatches(s, 'a');
                    checksum = mix(checksum, swapped, centered, reversedWords);
                    checksum = checksum * 31 + distance * 7 + matches + (StringUtils.isBlank(s) ? 1 : 0);
                }
                case 2 -> {
                    String wrapped = WordUtils.wrap(s, 10, "\n", true);
                    String initials = WordUtils.initials(s);
                    String titled = WordUtils.capitalizeFully(StringUtils.left(s, 16));
                    String squeezed = CharSetUtils.squeeze(StringUtils.left(s, 12), "a-z");
                    String stripped = StringUtils.stripAccents(StringUtils.left(s, 12));
                    checksum = mix(checksum, wrapped, initials, titled, squeezed, stripped);
                }
                default -> {
                    String shortText = StringUtils.left(s, 14);
                    boolean java = (i / 4) % 2 == 0;
                    String escaped = (java ? ESCAPE_JAVA : ESCAPE_XML).translate(shortText);
                    String back = (java ? UNESCAPE_JAVA : UNESCAPE_XML).translate(escaped);
                    if (!back.equals(shortText)) {
                        throw new IllegalStateException("escape round trip failed for " + shortText + ": " + back);
                    }
                    escapedChars += escaped.length() - shortText.length();
                    checksum = mix(checksum, escaped);
                }
            }
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
