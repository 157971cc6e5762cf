package dev.jdtrace.collect;

import com.sun.jdi.PathSearchingVirtualMachine;
import com.sun.jdi.VirtualMachine;
import dev.jdtrace.collect.internal.Attacher;
import dev.jdtrace.collect.internal.JvmClassReader;
import dev.jdtrace.plan.ClassFilter;
import dev.jdtrace.plan.model.Program;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The traced classes as a running JVM holds them, read over JDI when the user gives no class files. Only
 * classes loaded at that moment are known, and only code that normal control flow reaches can be
 * analysed: JDI shows no exception tables, so a class with a method whose code only an exception handler
 * reaches is refused.
 */
public final class JvmClasses {
  private JvmClasses() {
  }

  /**
   * Attaches, reads the loaded classes the filter traces, and detaches.
   *
   * @throws RefusedClassesException when a traced class has code only an exception handler reaches
   * @throws NoTracedClassLoadedException when no traced class is loaded
   * @throws NoBytecodeOverJdiException when the JVM cannot show bytecode
   * @throws TargetException when the JVM cannot be attached to
   */
  public static Program read(final Endpoint target, final ClassFilter filter) {
    final VirtualMachine vm = Attacher.attach(target);
    try {
      if (!vm.canGetBytecodes() || !vm.canGetConstantPool()) {
        throw new NoBytecodeOverJdiException(target);
      }
      return JvmClassReader.read(vm, target, filter);
    } finally {
      Attacher.detach(target, vm);
    }
  }

  /**
   * What a running JVM shows of its classes without reading them.
   *
   * @param loaded the prepared classes the filter traces: what a plan from class files needs to hold when it
   *     covers only what the JVM runs
   * @param classPath its class path ({@code java.class.path}, relative entries resolved against its working
   *     directory): where its class files are, when this machine can read them (the same host, a shared
   *     volume); empty when the JVM does not tell it
   */
  public record Running(Set<String> loaded, List<Path> classPath) {
    public Running {
      loaded = Set.copyOf(loaded);
      classPath = List.copyOf(classPath);
    }
  }

  /**
   * Attaches once, lists the prepared classes the filter traces and the class path, and detaches.
   *
   * @throws TargetException when the JVM cannot be attached to
   */
  public static Running running(final Endpoint target, final ClassFilter filter) {
    final VirtualMachine vm = Attacher.attach(target);
    try {
      final Set<String> names = new TreeSet<>();
      vm.allClasses().stream().filter(t -> t.isPrepared() && filter.matches(t.name())).forEach(t -> names.add(t.name()));
      List<Path> classPath = List.of();
      if (vm instanceof PathSearchingVirtualMachine paths) {
        final Path base = Path.of(paths.baseDirectory());
        classPath = paths.classPath().stream().filter(e -> !e.isEmpty()).map(e -> base.resolve(e).normalize())
            .toList();
      }
      return new Running(names, classPath);
    } finally {
      Attacher.detach(target, vm);
    }
  }
}
