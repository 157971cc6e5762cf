package dev.jdtrace.programs;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

/**
 * StdinEcho: reads every line of standard input and, per line, counts vowels in a loop with a
 * {@code switch} on characters, classifies the line by length with an {@code if}/{@code else} chain
 * and a string switch, and prints the result. Its path depends only on the input, so tracing
 * sessions that replay the same input take the same path; empty input prints a summary only.
 */
public final class StdinEcho {

    private StdinEcho() {
    }

    static int vowels(String line) {
        int count = 0;
        for (int i = 0; i < line.length(); i++) {
            switch (Character.toLowerCase(line.charAt(i))) {
                case 'a', 'e', 'i', 'o', 'u' -> count++;
                default -> {
                }
            }
        }
        return count;
    }

    static String sizeClass(String line) {
        int n = line.length();
        if (n == 0) {
            return "empty";
        } else if (n < 4) {
            return "short";
        } else if (n < 12) {
            return "medium";
        } else {
            return "long";
        }
    }

    static String comment(String size, int vowels) {
        switch (size) {
            case "empty":
                return "nothing to see";
            case "short":
                return vowels == 0 ? "terse" : "brief";
            case "medium":
                return vowels > 2 ? "vowelly" : "plain";
            default:
                return "verbose";
        }
    }

    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        int lines = 0;
        int totalVowels = 0;
        String line;
        while ((line = in.readLine()) != null) {
            lines++;
            int v = vowels(line);
            totalVowels += v;
            String size = sizeClass(line);
            System.out.println(lines + ": \"" + line + "\" vowels=" + v + " " + size + " (" + comment(size, v) + ")");
        }
        if (lines == 0) {
            System.out.println("no input");
        }
        System.out.println("lines=" + lines + " vowels=" + totalVowels);
    }
}
