package dev.jdtrace.collect;

/** A running JVM cannot show its classes' bytecode or constant pools over JDI, so they must come from class files. */
public final class NoBytecodeOverJdiException extends TargetException {
  private static final long serialVersionUID = 1L;

  public NoBytecodeOverJdiException(final Endpoint target) {
    super(target + " cannot show bytecode over JDI");
  }
}
