package dev.jdtrace.profiler.model;

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
 */
public record ClassModel(
    String name,
    String superName,
    List<String> interfaces,
    int access,
    String sourceFile,
    String origin,
    List<MethodCfg> methods) {

  public ClassModel {
    interfaces = List.copyOf(interfaces);
    methods = List.copyOf(methods);
  }

  /** Whether this is an interface. */
  public boolean isInterface() {
    return (access & 0x0200) != 0;
  }
}
