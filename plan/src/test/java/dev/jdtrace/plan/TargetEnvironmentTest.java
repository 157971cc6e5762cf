package dev.jdtrace.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TargetEnvironmentTest {
  @Test
  void keptVariablesLeaveJdtracesJvmAndReturnToThePrograms() {
    final Map<String, String> env = new HashMap<>(Map.of("JAVA_TOOL_OPTIONS", "-Dp=tool", "JDK_JAVA_OPTIONS", "-Xmx1g",
        "PATH", "/bin"));
    TargetEnvironment.keep(env);
    assertThat(env).containsOnly(Map.entry("JDTRACE_TARGET_JAVA_TOOL_OPTIONS", "-Dp=tool"),
        Map.entry("JDTRACE_TARGET_JDK_JAVA_OPTIONS", "-Xmx1g"), Map.entry("PATH", "/bin"));
    assertThat(TargetEnvironment.get(env, "JAVA_TOOL_OPTIONS")).contains("-Dp=tool");
    assertThat(TargetEnvironment.get(env, "_JAVA_OPTIONS")).isEmpty();
    TargetEnvironment.restore(env);
    assertThat(env).containsOnly(Map.entry("JAVA_TOOL_OPTIONS", "-Dp=tool"), Map.entry("JDK_JAVA_OPTIONS", "-Xmx1g"),
        Map.entry("PATH", "/bin"));
  }
}
