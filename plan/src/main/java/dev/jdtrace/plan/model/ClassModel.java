package dev.jdtrace.plan.model;

import java.util.List;

/**
 * One analysed class.
 *
 * @param name binary name with dots
 * @param superName binary name of the superclass, or {@code null} for {@code java.lang.Object}
 * @param interfaces binary names of the direct superinterfaces
 * @param access JVM access flags of the class
 * @param sourceFile the SourceFile attribute, or {@code null}
 * @param origin the classpath entry the class was read from (directory or jar)
 * @param methods CFGs of the methods that have bytecode, in class-file order
 * @param declared every method the class declares, with or without bytecode, as name+descriptor
 * @param fields names of the fields the class declares
 * @param handleTargets methods named by the class's method-handle constants (lambda bodies, method
 *     references): untraced lambda proxies call them
 */
public record ClassModel(
    String name,
    String superName,
    List<String> interfaces,
    int access,
    String sourceFile,
    String origin,
    List<MethodCfg> methods,
    List<String> declared,
    List<String> fields,
    List<MethodId> handleTargets) {

  public ClassModel {
    interfaces = List.copyOf(interfaces);
    methods = List.copyOf(methods);
    declared = List.copyOf(declared);
    fields = List.copyOf(fields);
    handleTargets = List.copyOf(handleTargets);
  }

  /** Whether this is an interface. */
  public boolean isInterface() {
    return (access & 0x0200) != 0;
  }
}
