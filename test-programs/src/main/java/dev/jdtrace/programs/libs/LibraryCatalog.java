package dev.jdtrace.programs.libs;

import java.util.List;

/**
 * LibraryCatalog: the driver programs of real libraries, each with the include patterns that
 * trace the library (and, but for jsoup's, the driver). Run a driver as
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
     * A long trace from the first document on: loading jsoup's entity tables alone enters about 600,000
     * blocks, so its all-blocks trace takes many minutes. Not in {@link #ALL}: the tests would pay for it.
     * The library alone is traced: the driver's visitor is untraced code that jsoup calls and that calls jsoup.
     */
    public static final Library JSOUP = new Library(JsoupDriver.class.getName(), List.of("org.jsoup.*"));

    /**
     * Short traces through large libraries: most included blocks never run (tens of thousands included,
     * a few thousand block entries). Not in {@link #ALL}: planning all of such a library is what they measure.
     */
    public static final List<Library> LARGE = List.of(
            new Library(MathDriver.class.getName(),
                    List.of("org.apache.commons.math3.*", "dev.jdtrace.programs.libs.*")),
            new Library(GuavaDriver.class.getName(),
                    List.of("com.google.common.*", "dev.jdtrace.programs.libs.*")));

    /**
     * An open world: jackson-core and the driver traced, jackson-databind untraced and calling both
     * (directly, and the POJOs by reflection). Not in {@link #ALL}: the open-world tests trace it.
     */
    public static final Library JACKSON = new Library(JacksonDriver.class.getName(),
            List.of("com.fasterxml.jackson.core.*", "dev.jdtrace.programs.libs.*"));

    /**
     * Libraries nobody here tuned jdtrace for, measured by the benchmark only (not in {@link #ALL}: the tests
     * would pay for them): javaparser's visitors (megamorphic double dispatch over hundreds of node types),
     * snakeyaml (beans built and read by reflection: an open world) and commons-compress (bzip2's long loops).
     */
    public static final List<Library> UNTUNED = List.of(
            new Library(ParserDriver.class.getName(),
                    List.of("com.github.javaparser.*", "dev.jdtrace.programs.libs.*")),
            new Library(YamlDriver.class.getName(),
                    List.of("org.yaml.snakeyaml.*", "dev.jdtrace.programs.libs.*")),
            new Library(CompressDriver.class.getName(),
                    List.of("org.apache.commons.compress.*", "dev.jdtrace.programs.libs.*")));

    private LibraryCatalog() {
    }

    public static void main(String[] args) {
        for (Library library : ALL) {
            System.out.println(library.mainClass() + " " + String.join(" ", library.includes()));
        }
    }
}
