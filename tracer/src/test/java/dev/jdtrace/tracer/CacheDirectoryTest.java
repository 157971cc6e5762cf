package dev.jdtrace.tracer;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CacheDirectoryTest {
  @TempDir
  Path dir;

  @Test
  void thePropertyComesFirstThenXdgCacheHomeThenHomeThenUserHome() {
    final Map<String, String> both = Map.of("XDG_CACHE_HOME", "/xdg", "HOME", "/home/env");
    assertThat(CacheDirectory.of("/prop", both, "/home/passwd")).isEqualTo(Path.of("/prop"));
    assertThat(CacheDirectory.of(null, both, "/home/passwd")).isEqualTo(Path.of("/xdg/jdtrace"));
    assertThat(CacheDirectory.of(null, Map.of("HOME", "/home/env"), "/home/passwd"))
        .as("$HOME wins over user.home, which the JVM reads from the password file")
        .isEqualTo(Path.of("/home/env/.cache/jdtrace"));
    assertThat(CacheDirectory.of(null, Map.of("XDG_CACHE_HOME", " ", "HOME", ""), "/home/passwd"))
        .isEqualTo(Path.of("/home/passwd/.cache/jdtrace"));
  }

  @Test
  void aDirectoryThatCannotBeCreatedIsUnwritableAndSaysWhere() throws IOException {
    final Path file = Files.writeString(dir.resolve("a-file"), "");
    final Path under = file.resolve("jdtrace");
    assertThat(CacheDirectory.unwritable(under)).isEqualTo("cannot create " + under);
    assertThat(CacheDirectory.unwritable(dir.resolve("new").resolve("jdtrace"))).isNull();
    assertThat(dir.resolve("new").resolve("jdtrace")).isDirectory();
  }
}
