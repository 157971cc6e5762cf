package dev.jdtrace.programs.ending;

/**
 * A shutdown hook runs traced code (a loop with branches, a call) in its own thread while {@code main}
 * is inside {@code System.exit(2)}; the hook's thread ends normally, {@code main} never returns.
 */
public final class ShutdownHook {
    static int processed;

    private ShutdownHook() {
    }

    static String label(int i) {
        return i % 3 == 0 ? "fizz" : Integer.toString(i);
    }

    static void onShutdown() {
        StringBuilder out = new StringBuilder("hook:");
        for (int i = 1; i <= 6; i++) {
            out.append(' ').append(label(i));
        }
        System.out.println(out + " after " + processed);
    }

    static void stop(int code) {
        System.out.println("stopping with " + code);
        System.exit(code);
    }

    public static void main(String[] args) {
        Runtime.getRuntime().addShutdownHook(new Thread(ShutdownHook::onShutdown, "hook"));
        for (int i = 0; i < 5; i++) {
            processed += label(i).length();
            if (processed > 8) {
                stop(2);
            }
        }
    }
}
