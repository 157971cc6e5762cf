package dev.jdtrace.programs.libs;

import java.io.IOException;
import java.util.List;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVPrinter;
import org.apache.commons.csv.CSVRecord;
import org.apache.commons.csv.QuoteMode;

/**
 * CsvDriver: commons-csv parses a generated CSV document of N rows (a header, quoted fields with
 * embedded separators, quotes and line breaks, empty and null fields, comments, padded values),
 * queries the records by column name, prints them back in a second dialect (tab-separated, every
 * field quoted) and parses that again. Usage: {@code CsvDriver [N]} (default {@value #DEFAULT_SIZE}).
 */
public final class CsvDriver {

    static final int DEFAULT_SIZE = 5;

    private static final String[] HEADER = {"id", "name", "qty", "price", "note"};

    private CsvDriver() {
    }

    public static void main(String[] args) throws IOException {
        int n = Gen.parseSize(args, DEFAULT_SIZE);
        Gen gen = new Gen(1234);
        String text = document(gen, n);

        CSVFormat input = CSVFormat.DEFAULT.builder()
                .setHeader()
                .setSkipHeaderRecord(true)
                .setCommentMarker('#')
                .setIgnoreSurroundingSpaces(true)
                .setNullString("NULL")
                .build();
        CSVFormat output = CSVFormat.TDF.builder()
                .setHeader(HEADER)
                .setQuoteMode(QuoteMode.ALL)
                .setCommentMarker('#')
                .setRecordSeparator('\n')
                .build();

        long qtySum = 0;
        long priceCents = 0;
        int nulls = 0;
        int comments = 0;
        int multiline = 0;
        long checksum = 17;
        StringBuilder printed = new StringBuilder();
        try (CSVParser parser = CSVParser.parse(text, input);
             CSVPrinter printer = new CSVPrinter(printed, output)) {
            List<String> names = parser.getHeaderNames();
            checksum = checksum * 31 + names.hashCode();
            for (CSVRecord record : parser) {
                if (!record.isConsistent()) {
                    throw new IllegalStateException("inconsistent record " + record.getRecordNumber());
                }
                qtySum += Long.parseLong(record.get("qty"));
                priceCents += Math.round(Double.parseDouble(record.get("price")) * 100);
                String note = record.get("note");
                if (note == null) {
                    nulls++;
                } else if (note.indexOf('\n') >= 0) {
                    multiline++;
                }
                if (record.hasComment()) {
                    comments++;
                    printer.printComment(record.getComment());
                }
                checksum = checksum * 31 + record.get("name").hashCode();
                printer.printRecord(record.get("id"), record.get("name"), record.get("qty"), record.get("price"), note);
            }
        }

        // The second dialect parses back to the same values.
        int reparsed = 0;
        try (CSVParser parser = CSVParser.parse(printed.toString(),
                output.builder().setHeader().setSkipHeaderRecord(true).build())) {
            for (CSVRecord record : parser) {
                reparsed++;
                checksum = checksum * 31 + record.get("note").hashCode() + record.size();
            }
        }
        if (reparsed != n) {
            throw new IllegalStateException("reparsed " + reparsed + " of " + n + " rows");
        }

        System.out.println("csv: rows=" + n + " reparsed=" + reparsed + " chars=" + text.length()
                + " printedChars=" + printed.length());
        System.out.println("csv: qtySum=" + qtySum + " priceCents=" + priceCents + " nulls=" + nulls
                + " multiline=" + multiline + " comments=" + comments);
        System.out.println("csv: checksum=" + Long.toHexString(checksum));
    }

    private static String document(Gen gen, int n) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.join(",", HEADER)).append("\r\n");
        for (int i = 0; i < n; i++) {
            if (i % 7 == 3) {
                sb.append("# batch ").append(i / 7).append("\r\n");
            }
            sb.append(i).append(',');
            String name = gen.word();
            if (name.indexOf(',') >= 0 || name.indexOf('"') >= 0 || gen.next(3) == 0) {
                sb.append('"').append(name.replace("\"", "\"\"")).append('"');
            } else {
                sb.append(name);
            }
            sb.append(",  ").append(gen.next(100)).append("  ,")
                    .append(gen.next(1000)).append('.').append(gen.next(10)).append(gen.next(10)).append(',');
            switch (i % 5) { // every kind of note within the first five rows
                case 0 -> sb.append("NULL");
                case 1 -> sb.append("\"two\nlines\"");
                case 2 -> sb.append("\"a, \"\"b\"\"\"");
                case 3 -> sb.append("");
                default -> sb.append(gen.word().replace(",", ";").replace("\"", ""));
            }
            sb.append(i % 2 == 0 ? "\r\n" : "\n");
        }
        return sb.toString();
    }
}
