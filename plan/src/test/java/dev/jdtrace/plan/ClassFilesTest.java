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
    final Manifest manifest = new Manifest();
    manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
    if (multiRelease) {
      manifest.getMainAttributes().put(Attributes.Name.MULTI_RELEASE, "true");
    }
    final Path jar = dir.resolve(multiRelease ? "mr.jar" : "plain.jar");
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
}
