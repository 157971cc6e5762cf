package dev.jdtrace.tracer;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdtrace.plan.ClassFilter;
import dev.jdtrace.plan.JavaCommand;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The digest of the untraced class files follows what the JVM would load of them, and nothing else: their
 * bytes change it, a traced class's bytes and the class path's folders do not.
 */
class UntracedClassDigestTest {
  private static final ClassFilter TRACED = new ClassFilter(List.of("app.*"), List.of());

  @TempDir
  Path dir;

  @Test
  void followsTheUntracedClassFilesTheJvmWouldLoad() throws IOException {
    final Path classes = dir.resolve("a");
    write(classes.resolve("app/Main.class"), "main 1");
    write(classes.resolve("lib/Lib.class"), "lib 1");
    final String first = digest(classes.toString());

    write(classes.resolve("app/Main.class"), "main 2");
    assertThat(digest(classes.toString())).as("a traced class changed").isEqualTo(first);

    write(classes.resolve("lib/Lib.class"), "lib 2");
    assertThat(digest(classes.toString())).as("an untraced class changed").isNotEqualTo(first);
    write(classes.resolve("lib/Lib.class"), "lib 1");

    // The same classes from elsewhere, in a jar.
    final Path jar = dir.resolve("b/classes.jar");
    Files.createDirectories(jar.getParent());
    try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(jar))) {
      entry(zip, "app/Main.class", "main 3");
      entry(zip, "lib/Lib.class", "lib 1");
    }
    assertThat(digest(jar.toString())).as("the same untraced classes elsewhere").isEqualTo(first);

    // The first of a name on the class path is the one the JVM loads; a later one changes nothing.
    final Path shadowed = dir.resolve("c");
    write(shadowed.resolve("lib/Lib.class"), "lib 9");
    assertThat(digest(classes + File.pathSeparator + shadowed)).as("a shadowed class").isEqualTo(first);
    assertThat(digest(shadowed + File.pathSeparator + classes)).as("a shadowing class").isNotEqualTo(first);

    // A multi-release jar's versioned class is loaded instead of its plain one by a recent JVM.
    try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(jar))) {
      entry(zip, "app/Main.class", "main 3");
      entry(zip, "lib/Lib.class", "lib 1");
      entry(zip, "META-INF/versions/17/lib/Lib.class", "lib 17");
    }
    assertThat(digest(jar.toString())).as("a versioned untraced class").isNotEqualTo(first);
  }

  private static String digest(final String classpath) {
    return UntracedClassDigest.sha256(JavaCommand.parse(List.of("java", "-cp", classpath, "app.Main")), TRACED);
  }

  private static void write(final Path file, final String bytes) throws IOException {
    Files.createDirectories(file.getParent());
    Files.writeString(file, bytes);
  }

  private static void entry(final ZipOutputStream zip, final String name, final String bytes) throws IOException {
    zip.putNextEntry(new ZipEntry(name));
    zip.write(bytes.getBytes(StandardCharsets.UTF_8));
    zip.closeEntry();
  }
}
