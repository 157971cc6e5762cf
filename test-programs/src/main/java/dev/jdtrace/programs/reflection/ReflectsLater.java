package dev.jdtrace.programs.reflection;

import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * ReflectsLater: its first run reflects into another method than the runs after it. The first run (no marker
 * file yet) calls {@code early} through {@code Method.invoke} and writes the marker; every later run calls
 * {@code later} that way. Every run also calls both directly, so both run in every run and only reflection's
 * entry differs. Prints the same in every run.
 *
 * <p>Argument: the marker file.
 */
public final class ReflectsLater {
    private ReflectsLater() {
    }

    public static int early(int x) {
        return x > 1 ? x - 1 : x + 1;
    }

    public static int later(int x) {
        return x > 2 ? x * 2 : x;
    }

    public static void main(String[] args) throws ReflectiveOperationException, IOException {
        Path marker = Path.of(args[0]);
        int direct = early(1) + later(3);
        String name = Files.exists(marker) ? "later" : "early";
        Files.writeString(marker, "ran\n");
        Method m = ReflectsLater.class.getMethod(name, int.class);
        int reflected = 0;
        for (int i = 0; i < 4; i++) {
            reflected += (Integer) m.invoke(null, i);
        }
        System.out.println("done " + (direct > 0 && reflected > 0));
    }
}
