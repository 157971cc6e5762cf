package dev.jdtrace.cli;

import java.util.List;
import picocli.CommandLine.Parameters;

/** The java command after {@code --}, shared by the commands that run or plan a program. */
final class JavaCommandArgs {
  @Parameters(paramLabel = "JAVA_COMMAND", arity = "1..*",
      description = "After --: java [jvm options] (-cp CP MAIN | -jar JAR) [args...], run exactly as given "
          + "(@argfiles are java's to read)")
  List<String> javaCommand;
}
