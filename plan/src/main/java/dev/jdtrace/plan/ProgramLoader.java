package dev.jdtrace.plan;

import dev.jdtrace.plan.internal.CfgBuilder;
import dev.jdtrace.plan.model.ClassModel;
import dev.jdtrace.plan.model.MethodCfg;
import dev.jdtrace.plan.model.MethodId;
import dev.jdtrace.plan.model.Program;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import org.apache.bcel.classfile.BootstrapMethods;
import org.apache.bcel.classfile.ClassFormatException;
import org.apache.bcel.classfile.ClassParser;
import org.apache.bcel.classfile.Constant;
import org.apache.bcel.classfile.ConstantCP;
import org.apache.bcel.classfile.ConstantFieldref;
import org.apache.bcel.classfile.ConstantMethodHandle;
import org.apache.bcel.classfile.ConstantNameAndType;
import org.apache.bcel.classfile.ConstantPool;
import org.apache.bcel.classfile.Field;
import org.apache.bcel.classfile.JavaClass;
import org.apache.bcel.classfile.Method;
import org.apache.bcel.generic.ConstantPoolGen;

/** Reads the traced classes of a classpath with BCEL and builds their CFGs: the planning model. */
public final class ProgramLoader {
  private ProgramLoader() {
  }

  /**
   * Loads every class of the classpath that the filter traces. As in the JVM, the first entry that holds
   * a class wins.
   */
  public static Program load(final List<Path> classpath, final ClassFilter filter) {
    return load(classpath, filter, name -> true);
  }

  /**
   * Loads the classes of the classpath that the filter traces and {@code planned} accepts (the classes a
   * run loads, when those are known): classes that never load are neither read nor planned. As in the
   * JVM, the first entry that holds a class wins.
   */
  public static Program load(final List<Path> classpath, final ClassFilter filter,
      final java.util.function.Predicate<String> planned) {
    final List<Path> origins = new ArrayList<>();
    final List<byte[]> files = new ArrayList<>();
    final Set<String> seen = new HashSet<>();
    for (final Path entry : classpath) {
      ClassFiles.forEach(entry, name -> seen.add(name) && planned.test(name) && filter.matches(name)
          && !name.endsWith("module-info"), (name, in) -> {
            origins.add(entry);
            files.add(bytes(entry, in));
          });
    }
    // One thread: BCEL's Type and ObjectType initialise each other, and parsing on several threads at once
    // deadlocked there (GuavaDriver's all-blocks run hung); on 2 cores the parallel parse gained nothing.
    final List<ClassModel> classes = IntStream.range(0, files.size())
        .mapToObj(i -> read(origins.get(i), new ByteArrayInputStream(files.get(i)))).toList();
    return new Program(classes);
  }

  private static byte[] bytes(final Path origin, final InputStream in) {
    try {
      return in.readAllBytes();
    } catch (final IOException e) {
      throw new UncheckedIOException(new IOException("cannot read a class file in " + origin + ": "
          + e.getMessage(), e));
    }
  }

  /**
   * The binary names of every class file of the classpath that the filter traces: what a run could load
   * (the first entry holding a name wins, as for {@link #load}).
   */
  public static Set<String> tracedNames(final List<Path> classpath, final ClassFilter filter) {
    final Set<String> names = new java.util.TreeSet<>();
    for (final Path entry : classpath) {
      for (final String name : ClassFiles.names(entry)) {
        if (filter.matches(name) && !name.endsWith("module-info")) {
          names.add(name);
        }
      }
    }
    return names;
  }

  /**
   * The default include patterns: one {@code package.*} per package of the non-JDK classes of the main
   * class's classpath entry (an exact name for classes in the unnamed package).
   */
  public static List<String> defaultIncludes(final JavaCommand command) {
    final Set<String> patterns = new HashSet<>();
    for (final String name : ClassFiles.classNames(command.mainEntry())) {
      if (!ClassFilter.isJdkClass(name) && !name.endsWith("module-info")) {
        final int dot = name.lastIndexOf('.');
        patterns.add(dot < 0 ? name : name.substring(0, dot + 1) + "*");
      }
    }
    return patterns.stream().sorted().toList();
  }

  /** Methods named by CONSTANT_MethodHandle entries: lambda bodies and method references. */
  private static List<MethodId> handleTargets(final JavaClass jc) {
    final ConstantPool cp = jc.getConstantPool();
    final List<MethodId> targets = new ArrayList<>();
    for (final Constant c : cp.getConstantPool()) {
      if (c instanceof ConstantMethodHandle handle && cp.getConstant(handle.getReferenceIndex()) instanceof ConstantCP ref
          && !(ref instanceof ConstantFieldref)) {
        final ConstantNameAndType nat = cp.getConstant(ref.getNameAndTypeIndex(), ConstantNameAndType.class);
        targets.add(new MethodId(ref.getClass(cp).replace('/', '.'), nat.getName(cp), nat.getSignature(cp)));
      }
    }
    return targets;
  }

  /** Parses one class file. */
  public static ClassModel read(final Path origin, final InputStream in) {
    try {
      final JavaClass jc = new ClassParser(in, origin.toString()).parse();
      final BootstrapMethods bootstraps = java.util.Arrays.stream(jc.getAttributes())
          .filter(BootstrapMethods.class::isInstance).map(BootstrapMethods.class::cast).findFirst().orElse(null);
      final CfgBuilder builder = new CfgBuilder(jc.getClassName(), new ConstantPoolGen(jc.getConstantPool()),
          bootstraps);
      final List<MethodCfg> methods = new ArrayList<>();
      for (final Method m : jc.getMethods()) {
        if (m.getCode() != null) {
          methods.add(builder.build(m));
        }
      }
      final String superName = jc.getClassName().equals("java.lang.Object") ? null : jc.getSuperclassName();
      final String source = jc.getSourceFileName();
      final List<String> declared = new ArrayList<>();
      for (final Method m : jc.getMethods()) {
        declared.add(m.getName() + m.getSignature());
      }
      final List<String> fields = new ArrayList<>();
      for (final Field f : jc.getFields()) {
        fields.add(f.getName());
      }
      return new ClassModel(jc.getClassName(), superName, List.of(jc.getInterfaceNames()), jc.getAccessFlags(),
          source == null || source.equals("<Unknown>") ? null : source, origin.toString(), methods, declared, fields,
          handleTargets(jc));
    } catch (final IOException | ClassFormatException e) {
      throw new UncheckedIOException(new IOException("cannot parse a class file in " + origin + ": "
          + e.getMessage(), e));
    }
  }
}
