package dev.jdtrace.bench.scale;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdtrace.plan.JavaCommand;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScaleProgramTest {

  @Test
  void compilesOneClassPerUnitAndRunsEveryUnit(@TempDir final Path dir) throws Exception {
    final Path classes = ScaleProgram.compile(dir, 3);

    for (int u = 0; u < 3; u++) {
      assertThat(classes.resolve("dev/jdtrace/programs/scale/Unit" + u + ".class")).exists();
    }
    assertThat(classes.resolve("dev/jdtrace/programs/scale/Unit3.class")).doesNotExist();
    final Process p = new ProcessBuilder(JavaCommand.currentJava(), "-cp",
        classes.toString(), ScaleProgram.MAIN, "40").redirectErrorStream(true).start();
    final String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor()).isZero();
    assertThat(out).startsWith("scale: units=3 calls=40 acc=");
    assertThat(Files.readString(dir.resolve("src/dev/jdtrace/programs/scale/Scale.java"))).contains("case 2 ->");
  }
}
