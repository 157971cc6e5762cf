package dev.jdtrace.programs.loading;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * RunsLater: a program whose first run leaves a method of a class it loads unrun, and whose later runs run
 * it, to check that a plan of the methods one run ran notices another. It counts its runs in a file
 * (created on the first run); from the second run on, it calls {@link Work#later}.
 * Usage: {@code RunsLater COUNTER-FILE}.
 */
public final class RunsLater {

    private RunsLater() {
    }

    public static void main(String[] args) throws IOException {
        Path counter = Path.of(args[0]);
        int run = Files.exists(counter) ? Integer.parseInt(Files.readString(counter).trim()) : 0;
        Files.writeString(counter, Integer.toString(run + 1));
        int sum = Work.always(4);
        if (run > 0) {
            sum += Work.later(sum);
        }
        System.out.println("runs-later: " + sum);
    }

    static final class Work {
        static int always(int n) {
            int s = 0;
            for (int i = 0; i < n; i++) {
                s += i % 2 == 0 ? i : -i;
            }
            return s;
        }

        static int later(int n) {
            int steps = 0;
            while (n > 1 && steps < 10) {
                n = n % 2 == 0 ? n / 2 : 3 * n + 1;
                steps++;
            }
            return steps;
        }
    }
}
