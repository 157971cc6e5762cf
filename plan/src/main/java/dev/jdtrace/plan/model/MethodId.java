package dev.jdtrace.plan.model;

import java.util.Objects;

/**
 * Identifies a method the way JDI does: binary class name with dots, method name and descriptor.
 *
 * @param className binary name with dots, e.g. {@code a.b.Outer$Inner}
 * @param name method name, e.g. {@code <init>}
 * @param descriptor JVM descriptor, e.g. {@code ([Ljava/lang/String;)V}
 */
public record MethodId(String className, String name, String descriptor) {
  public MethodId {
    Objects.requireNonNull(className, "className");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(descriptor, "descriptor");
  }

  /** The method as JDI prints {@code name() + signature()}, the form of the blocks export. */
  public String nameAndDescriptor() {
    return name + descriptor;
  }

  @Override
  public String toString() {
    return className + "." + name + descriptor;
  }
}
