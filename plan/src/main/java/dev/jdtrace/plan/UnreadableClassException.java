package dev.jdtrace.plan;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * The program ran traced classes whose class files are on no entry of its class path (a class loader of its
 * own read them from elsewhere, or generated them): jdtrace plans from class files, so their blocks would run
 * unseen. The run stops rather than leave them out of the trace.
 */
public final class UnreadableClassException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final transient Set<String> classes;

  /**
   * Creates the exception.
   *
   * @param classes the classes, sorted
   * @param classpath the class path searched
   */
  public UnreadableClassException(final Set<String> classes, final List<Path> classpath) {
    super(message(classes, classpath));
    this.classes = Set.copyOf(classes);
  }

  private static String message(final Set<String> classes, final List<Path> classpath) {
    final String first = classes.iterator().next();
    final String which = classes.size() == 1 ? "traced class " + first
        : classes.size() + " traced classes (" + first + ", ...)";
    return "the program loaded " + which + " from outside its class path (" + classpath.size() + " entr"
        + (classpath.size() == 1 ? "y" : "ies") + "), so jdtrace cannot read its class file: put the folder or "
        + "jar that holds it on -cp, or leave it out with --exclude " + first;
  }

  /** The classes. */
  public Set<String> classes() {
    return classes;
  }
}
