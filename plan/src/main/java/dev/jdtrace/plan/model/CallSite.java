package dev.jdtrace.plan.model;

/**
 * The invoke instruction that ends a block.
 *
 * @param kind which invoke instruction
 * @param owner binary class name (dots) of the symbolic reference; for {@code invokedynamic}, the class of its
 *     bootstrap method ({@code java.lang.invoke.LambdaMetafactory}), or empty when not known
 * @param name method name of the symbolic reference (for {@code invokedynamic}, the call site name)
 * @param descriptor method descriptor of the symbolic reference
 */
public record CallSite(Kind kind, String owner, String name, String descriptor) {

  /** The five invoke instructions. */
  public enum Kind {
    VIRTUAL, INTERFACE, SPECIAL, STATIC, DYNAMIC
  }
}
