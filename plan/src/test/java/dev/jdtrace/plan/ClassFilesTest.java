package dev.jdtrace.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Class files of a jar as the JVM reads them: multi-release jars by this Java release. */
class ClassFilesTest {
  @TempDir
  Path dir;

  /** A jar with these entries (name to content); a multi-release jar when {@code multiRelease}. */
  private Path jar(final boolean multiRelease, final Map<String, String> entries) throws IOException {
    return jar(dir.resolve(multiRelease ? "mr.jar" : "plain.jar"), multiRelease, entries);
  }

  private static Path jar(final Path jar, final boolean multiRelease, final Map<String, String> entries)
      throws IOException {
    final Manifest manifest = new Manifest();
    manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
    if (multiRelease) {
      manifest.getMainAttributes().put(Attributes.Name.MULTI_RELEASE, "true");
    }
    try (OutputStream file = Files.newOutputStream(jar); JarOutputStream out = new JarOutputStream(file, manifest)) {
      for (final Map.Entry<String, String> e : entries.entrySet()) {
        out.putNextEntry(new JarEntry(e.getKey()));
        out.write(e.getValue().getBytes(StandardCharsets.UTF_8));
        out.closeEntry();
      }
    }
    return jar;
  }

  private static Map<String, String> read(final Path jar) {
    final Map<String, String> read = new LinkedHashMap<>();
    ClassFiles.forEach(jar, (name, in) -> {
      try {
        read.put(name, new String(in.readAllBytes(), StandardCharsets.UTF_8));
      } catch (final IOException e) {
        throw new AssertionError(e);
      }
    });
    return read;
  }

  private static Map<String, String> entries() {
    final Map<String, String> entries = new LinkedHashMap<>();
    entries.put("a/Logger.class", "base");
    entries.put("a/Plain.class", "plain");
    entries.put("META-INF/versions/9/a/Logger.class", "nine");
    entries.put("META-INF/versions/9/a/Only9.class", "only nine");
    entries.put("META-INF/versions/" + (Runtime.version().feature() + 1) + "/a/Logger.class", "future");
    return entries;
  }

  @Test
  void aMultiReleaseJarsClassIsItsHighestVersionUpToThisRelease() throws IOException {
    final Path jar = jar(true, entries());
    assertThat(read(jar)).containsOnly(Map.entry("a.Logger", "nine"), Map.entry("a.Plain", "plain"),
        Map.entry("a.Only9", "only nine"));
    assertThat(ClassFiles.contains(jar, "a/Only9.class")).isTrue();
  }

  @Test
  void aJarThatIsNotMultiReleaseIsReadAsItIs() throws IOException {
    final Path jar = jar(false, entries());
    assertThat(read(jar)).containsOnly(Map.entry("a.Logger", "base"), Map.entry("a.Plain", "plain"));
    assertThat(ClassFiles.contains(jar, "a/Only9.class")).isFalse();
  }

  @Test
  void aReaderFindsAClassInTheFirstEntryHoldingItAsTheJvmDoes() throws IOException {
    final Path classes = Files.createDirectories(dir.resolve("classes/a"));
    Files.writeString(classes.resolve("Plain.class"), "from the directory");
    final Path mr = jar(true, entries());
    try (ClassFiles.Reader reader = new ClassFiles.Reader(java.util.List.of(dir.resolve("classes"), mr))) {
      assertThat(reader.read("a.Plain")).map(String::new).contains("from the directory");
      assertThat(reader.read("a.Logger")).map(String::new).contains("nine");
      assertThat(reader.read("a.Only9")).map(String::new).contains("only nine");
      assertThat(reader.read("a.Missing")).isEmpty();
    }
  }

  @Test
  void aJarWrittenAgainIsListedAgain() throws IOException {
    final Path jar = jar(dir.resolve("lib.jar"), false, Map.of("a/One.class", "1"));
    assertThat(ClassFiles.classNames(jar)).containsExactly("a.One");

    jar(jar, false, Map.of("a/One.class", "1", "a/Two.class", "2"));
    Files.setLastModifiedTime(jar, java.nio.file.attribute.FileTime.fromMillis(
        Files.getLastModifiedTime(jar).toMillis() + 2000));

    assertThat(ClassFiles.classNames(jar)).containsExactly("a.One", "a.Two");
    try (ClassFiles.Reader reader = new ClassFiles.Reader(java.util.List.of(jar))) {
      assertThat(reader.read("a.Two")).map(String::new).contains("2");
    }
  }
}
