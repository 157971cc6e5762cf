package dev.jdtrace.programs.loading;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * LoadsLater: a program whose class loading changes from run to run, to check that a plan made from one
 * run's loaded classes notices a class it left out. It counts its runs in a file (created on the first
 * run) and then, by mode:
 * <ul>
 *   <li>{@code once}: from the second run on, it loads and runs {@link First} (every run after the first
 *       is the same);</li>
 *   <li>{@code every}: run k loads a class no earlier run loaded ({@link First}, {@link Second},
 *       {@link Third}, then {@link Fourth} from the fifth on), so its class loading never settles.</li>
 * </ul>
 * Usage: {@code LoadsLater COUNTER-FILE once|every}.
 */
public final class LoadsLater {

    private LoadsLater() {
    }

    public static void main(String[] args) throws IOException {
        Path counter = Path.of(args[0]);
        int run = Files.exists(counter) ? Integer.parseInt(Files.readString(counter).trim()) : 0;
        Files.writeString(counter, Integer.toString(run + 1));
        int sum = 0;
        for (int i = 0; i < 3; i++) {
            sum += i % 2 == 0 ? i : -i;
        }
        if (args[1].equals("once")) {
            if (run > 0) {
                sum += First.work(4);
            }
        } else {
            switch (run) {
                case 0 -> { }
                case 1 -> sum += First.work(2);
                case 2 -> sum += Second.work(3);
                case 3 -> sum += Third.work(4);
                default -> sum += Fourth.work(5);
            }
        }
        System.out.println("loads-later: " + sum);
    }

    static final class First {
        static int work(int n) {
            int s = 0;
            for (int i = 0; i < n; i++) {
                s += i * i;
            }
            return s;
        }
    }

    static final class Second {
        static int work(int n) {
            return n > 2 ? n * 2 : n;
        }
    }

    static final class Third {
        static int work(int n) {
            return n % 2 == 0 ? n / 2 : n;
        }
    }

    static final class Fourth {
        static int work(int n) {
            return -n;
        }
    }
}
