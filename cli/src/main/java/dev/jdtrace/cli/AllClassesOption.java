package dev.jdtrace.cli;

import picocli.CommandLine.Option;

/** {@code --all-classes}, for the commands that launch the program ({@code run}, {@code plan}). */
final class AllClassesOption {
  @Option(names = "--all-classes",
      description = "Plan every class that matches --include. Default: only the classes a first run of the program "
          + "loads (one extra run without breakpoints, remembered in the plan cache); a session that loads "
          + "another plans again.")
  boolean allClasses;
}
