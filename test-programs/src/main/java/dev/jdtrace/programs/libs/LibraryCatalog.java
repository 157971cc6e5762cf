package dev.jdtrace.programs.libs;

import java.util.List;

/**
 * LibraryCatalog: the driver programs of real libraries, each with the include patterns that
 * trace both the library and the driver. Run a driver as
 * {@code java -cp test-programs/target/classes:test-programs/target/lib/* MAIN [N]}.
 */
public final class LibraryCatalog {

    /** A driver's main class and the {@code --include} patterns for tracing it. */
    public record Library(String mainClass, List<String> includes) {
        public Library {
            includes = List.copyOf(includes);
        }
    }

    /** The drivers, in a fixed order. */
    public static final List<Library> ALL = List.of(
            new Library(LangDriver.class.getName(),
                    List.of("org.apache.commons.lang3.*", "dev.jdtrace.programs.libs.*")),
            new Library(GsonDriver.class.getName(),
                    List.of("com.google.gson.*", "dev.jdtrace.programs.libs.*")),
            new Library(CsvDriver.class.getName(),
                    List.of("org.apache.commons.csv.*", "dev.jdtrace.programs.libs.*")));

    /**
     * An open world: jackson-core and the driver traced, jackson-databind untraced and calling both
     * (directly, and the POJOs by reflection). Not in {@link #ALL}: the open-world tests trace it.
     */
    public static final Library JACKSON = new Library(JacksonDriver.class.getName(),
            List.of("com.fasterxml.jackson.core.*", "dev.jdtrace.programs.libs.*"));

    private LibraryCatalog() {
    }

    public static void main(String[] args) {
        for (Library library : ALL) {
            System.out.println(library.mainClass() + " " + String.join(" ", library.includes()));
        }
    }
}
