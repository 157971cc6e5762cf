package dev.jdtrace.profiler;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.jdtrace.profiler.fixtures.Shapes;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JavaCommandTest {
  private static final Path CLASSES = Path.of("target/test-classes");

  @Test
  void findsMainClassEntryAfterJvmOptions() {
    final JavaCommand c = JavaCommand.parse(List.of("java", "-Xmx64m", "-cp", "/nowhere:" + CLASSES,
        Shapes.class.getName(), "arg"));
    assertThat(c.mainClass()).isEqualTo(Shapes.class.getName());
    assertThat(c.mainEntry()).isEqualTo(CLASSES);
    assertThat(c.classpath()).containsExactly(Path.of("/nowhere"), CLASSES);
  }

  @Test
  void unknownMainClassIsAOneLineError() {
    assertThatThrownBy(() -> JavaCommand.parse(List.of("java", "-cp", CLASSES.toString(), "no.Such")))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no.Such").hasMessageNotContaining("\n");
  }

  @Test
  void emptyCommandIsAnError() {
    assertThatThrownBy(() -> JavaCommand.parse(List.of())).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void jarTakesMainClassFromManifest(@TempDir final Path dir) throws Exception {
    final Path jar = dir.resolve("app.jar");
    final Manifest manifest = new Manifest();
    manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
    manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, "x.Main");
    try (OutputStream out = Files.newOutputStream(jar); JarOutputStream j = new JarOutputStream(out, manifest)) {
      j.putNextEntry(new JarEntry("x/Main.class"));
      j.write(new byte[] {1});
    }
    final JavaCommand c = JavaCommand.parse(List.of("java", "-jar", jar.toString()));
    assertThat(c.mainClass()).isEqualTo("x.Main");
    assertThat(c.mainEntry()).isEqualTo(jar);
  }

  @Test
  void unreadableJarOnClasspathIsReported(@TempDir final Path dir) throws Exception {
    final Path bad = Files.writeString(dir.resolve("bad.jar"), "not a zip");
    assertThatThrownBy(() -> JavaCommand.parse(List.of("java", "-cp", bad + ":" + CLASSES, "x.Y")))
        .hasMessageContaining("cannot read classpath entry").hasMessageContaining("bad.jar");
  }
}
