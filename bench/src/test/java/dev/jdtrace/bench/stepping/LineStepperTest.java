package dev.jdtrace.bench.stepping;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdtrace.plan.JavaCommand;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class LineStepperTest {

  @Test
  void recordsEveryLineOfTheProgramAndNoneOfTheJdk() throws Exception {
    final Path classes = Path.of(Countdown.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    final String java = JavaCommand.currentJava();
    final ByteArrayOutputStream log = new ByteArrayOutputStream();

    final LineStepper.Result r = LineStepper.run(List.of(java, "-cp", classes.toString(), Countdown.class.getName()),
        new byte[0], log);

    final List<String> source = Files.readAllLines(Path.of("src/test/java/dev/jdtrace/bench/stepping/Countdown.java"));
    final int first = line(source, "// FIRST");
    final int loop = line(source, "// LOOP");
    final int body = line(source, "// BODY");
    final int print = line(source, "// PRINT");
    final int end = line(source, "// END");
    final String at = "main\t" + Countdown.class.getName() + "\tmain([Ljava/lang/String;)V\t";
    assertThat(StepLog.read(new ByteArrayInputStream(log.toByteArray()))).containsExactly(
        at + first, at + loop, at + body, at + loop, at + body, at + loop, at + print, at + end);
    assertThat(r.steps()).isEqualTo(8);
    assertThat(r.exitCode()).isZero();
    assertThat(r.threads()).isEqualTo(1);
  }

  private static int line(final List<String> source, final String marker) {
    for (int i = 0; i < source.size(); i++) {
      if (source.get(i).contains(marker)) {
        return i + 1;
      }
    }
    throw new AssertionError("no " + marker);
  }
}
