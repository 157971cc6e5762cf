package dev.jdtrace.programs.reflection;

import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * ReflectsOften: its first run (no marker file yet) calls a method through {@code Method.invoke} 10 times and
 * writes the marker; every later run calls it 2,500 times, more often than a run watches reflection. Prints the
 * same in every run.
 *
 * <p>Argument: the marker file.
 */
public final class ReflectsOften {
    private ReflectsOften() {
    }

    public static int step(int x) {
        return x % 3 == 0 ? x / 3 : x + 1;
    }

    public static void main(String[] args) throws ReflectiveOperationException, IOException {
        Path marker = Path.of(args[0]);
        int calls = Files.exists(marker) ? 2_500 : 10;
        Files.writeString(marker, "ran\n");
        Method m = ReflectsOften.class.getMethod("step", int.class);
        long sum = 0;
        for (int i = 0; i < calls; i++) {
            sum += (Integer) m.invoke(null, i);
        }
        System.out.println("done " + (sum > 0));
    }
}
