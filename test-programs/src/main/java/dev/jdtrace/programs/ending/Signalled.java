package dev.jdtrace.programs.ending;

/**
 * Sends a signal to its own JVM and waits inside {@code Process.waitFor} for a helper shell that
 * outlives the JVM: with {@code TERM} (the default) the JVM runs its shutdown hook and exits with status
 * 143 while {@code main} waits; with {@code KILL} it dies at once, and no tracer can know where its
 * threads stood.
 */
public final class Signalled {

    private Signalled() {
    }

    static void hook() {
        int n = 0;
        for (int i = 0; i < 4; i++) {
            n += i % 2 == 0 ? i : -1;
        }
        System.out.println("hook ran " + n);
    }

    public static void main(String[] args) throws Exception {
        String signal = args.length > 0 ? args[0] : "TERM";
        Runtime.getRuntime().addShutdownHook(new Thread(Signalled::hook, "hook"));
        int work = 0;
        for (int i = 0; i < 5; i++) {
            work += i * i;
        }
        System.out.println("signalling after " + work);
        // The shell waits for the JVM to be gone, so main stands in waitFor when the signal lands.
        Process shell = new ProcessBuilder("sh", "-c",
                "kill -" + signal + " $PPID; while kill -0 $PPID 2>/dev/null; do sleep 0.05; done")
                .start();
        shell.waitFor();
        System.out.println("never printed");
    }
}
