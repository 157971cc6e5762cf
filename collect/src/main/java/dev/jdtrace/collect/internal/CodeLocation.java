package dev.jdtrace.collect.internal;

import com.sun.jdi.AbsentInformationException;
import com.sun.jdi.Location;
import com.sun.jdi.Method;
import com.sun.jdi.ReferenceType;
import com.sun.jdi.VirtualMachine;

/**
 * A place to set a breakpoint: a method and a code index, made without the method's line table. JDI's own locations
 * ({@code Method.locationOfCodeIndex}, {@code Method.location}) read the line table first, one round trip per method
 * while the class's thread waits, for nothing a breakpoint request sends: JDI writes a request's location as its
 * class, method and index ({@code PacketStream.writeLocation}, the same from JDK 9 to 25). GuavaDriver's first run
 * read 1,000 line tables for its entry breakpoints.
 *
 * <p>Only for breakpoint requests, at an index the caller knows to start an instruction. It has no line or source.
 */
public record CodeLocation(Method method, long codeIndex) implements Location {

  @Override
  public ReferenceType declaringType() {
    return method.declaringType();
  }

  @Override
  public VirtualMachine virtualMachine() {
    return method.virtualMachine();
  }

  @Override
  public String sourceName() throws AbsentInformationException {
    throw new AbsentInformationException("a breakpoint's code index only");
  }

  @Override
  public String sourceName(final String stratum) throws AbsentInformationException {
    return sourceName();
  }

  @Override
  public String sourcePath() throws AbsentInformationException {
    return sourceName();
  }

  @Override
  public String sourcePath(final String stratum) throws AbsentInformationException {
    return sourceName();
  }

  @Override
  public int lineNumber() {
    return -1;
  }

  @Override
  public int lineNumber(final String stratum) {
    return -1;
  }

  @Override
  public int compareTo(final Location other) {
    final int byMethod = method.compareTo(other.method());
    return byMethod != 0 ? byMethod : Long.compare(codeIndex, other.codeIndex());
  }
}
