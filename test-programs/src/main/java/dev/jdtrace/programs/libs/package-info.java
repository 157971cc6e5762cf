/**
 * Driver programs that trace real libraries from Maven Central: commons-lang3
 * ({@link dev.jdtrace.programs.libs.LangDriver}), gson ({@link dev.jdtrace.programs.libs.GsonDriver}),
 * commons-csv ({@link dev.jdtrace.programs.libs.CsvDriver}) and jsoup ({@link dev.jdtrace.programs.libs.JsoupDriver}).
 * {@link dev.jdtrace.programs.libs.LibraryCatalog} lists each with the include patterns that trace the library
 * and, but for jsoup's, the driver.
 *
 * <p>Each driver is deterministic (single-threaded; no clock, no identity hash codes, no unseeded
 * randomness, no iteration over identity-keyed hash containers) and takes an optional integer
 * argument N that scales its work linearly. It prints a few summary lines, among them a checksum.
 * The defaults are sized for tests: each enters roughly 17,000 to 25,000 basic blocks of the
 * library and driver (see each driver's {@code DEFAULT_SIZE}); a benchmark passes a larger N.
 *
 * <p>The library jars are copied to {@code test-programs/target/lib} by {@code mvn package}, so a
 * driver runs as
 * {@code java -cp test-programs/target/classes:test-programs/target/lib/* dev.jdtrace.programs.libs.LangDriver 20}.
 */
package dev.jdtrace.programs.libs;
