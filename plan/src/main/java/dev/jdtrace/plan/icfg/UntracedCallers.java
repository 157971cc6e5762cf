package dev.jdtrace.plan.icfg;

import dev.jdtrace.plan.ClassFiles;
import dev.jdtrace.plan.ClassFilter;
import dev.jdtrace.plan.model.CallSite;
import dev.jdtrace.plan.model.ClassModel;
import dev.jdtrace.plan.model.MethodCfg;
import dev.jdtrace.plan.model.MethodId;
import dev.jdtrace.plan.model.Program;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.bcel.classfile.Constant;
import org.apache.bcel.classfile.ConstantCP;
import org.apache.bcel.classfile.ConstantInterfaceMethodref;
import org.apache.bcel.classfile.ConstantMethodref;
import org.apache.bcel.classfile.ConstantNameAndType;
import org.apache.bcel.classfile.ConstantPool;
import org.apache.bcel.classfile.JavaClass;
import org.apache.bcel.classfile.Method;

/**
 * What the untraced, non-JDK classes of the classpath can do to traced code, read from their constant
 * pools: which traced methods they name (every invoke and every method-handle constant names its method
 * in a {@code Methodref}), and whether one of them extends a traced class (then a virtual call in traced
 * code may run an untraced override). Reading constant pools is cheap, and over-approximates: a named
 * method is a possible entry whether or not the code that names it runs.
 *
 * @param entered traced methods untraced classes may call directly: the named method, and every traced
 *     override virtual dispatch can reach from it
 * @param overrides by traced class, the instance methods (name and descriptor) that untraced classes
 *     extending it declare: a virtual call in traced code that may reach one may run untraced code
 */
public record UntracedCallers(BitSet entered, Map<String, Set<String>> overrides) {

  public UntracedCallers {
    entered = (BitSet) entered.clone();
    overrides = Map.copyOf(overrides);
  }

  /** No untraced caller (the whole application is traced, or nothing untraced was scanned). */
  public static final UntracedCallers NONE = new UntracedCallers(new BitSet(), Map.of());

  @Override
  public BitSet entered() {
    return (BitSet) entered.clone();
  }

  /** Scans the untraced non-JDK classes of a classpath; the first entry holding a class wins, as in the JVM. */
  public static UntracedCallers scan(final Program program, final CallResolver resolver, final ClassFilter filter,
      final List<Path> classpath) {
    return scan(program, resolver, filter, classpath, null);
  }

  /**
   * Scans the untraced non-JDK classes of a classpath that a run loaded, or every one when {@code loaded} is
   * {@code null}. A class never loaded runs no code, and its subclasses, which would load it, are not loaded
   * either; a session that loads another plans again (DESIGN §2, open world), so the run's classes are enough.
   * On a classpath of library jars most untraced classes never load: GsonDriver's first trace scanned about 40
   * jars for 0.9 s.
   */
  public static UntracedCallers scan(final Program program, final CallResolver resolver, final ClassFilter filter,
      final List<Path> classpath, final Set<String> loaded) {
    final Set<String> seen = new HashSet<>();
    final Map<String, String> superOf = new HashMap<>();
    final Map<String, List<String>> declared = new HashMap<>();
    final List<MethodId> named = new ArrayList<>();
    for (final Path entry : classpath) {
      ClassFiles.forEach(entry, name -> loaded == null || loaded.contains(name), (name, in) -> {
        if (seen.add(name) && !filter.matches(name) && !ClassFilter.isJdkClass(name)
            && !name.endsWith("module-info")) {
          read(entry, in, superOf, declared, named);
        }
      });
    }
    final Map<String, Set<String>> overrides = new HashMap<>();
    for (final Map.Entry<String, String> e : superOf.entrySet()) {
      final String traced = tracedAncestor(program, superOf, e.getValue());
      if (traced != null) {
        // Every untraced class on the way down to this one may override for it.
        for (String c = e.getKey(); c != null && program.classNamed(c) == null; c = superOf.get(c)) {
          overrides.computeIfAbsent(traced, k -> new HashSet<>()).addAll(declared.getOrDefault(c, List.of()));
        }
      }
    }
    final Hierarchy hierarchy = new Hierarchy(program);
    final BitSet entered = new BitSet();
    for (final MethodId m : named) {
      final String owner = tracedAncestor(program, superOf, m.className());
      if (owner != null) {
        resolve(program, hierarchy, resolver, owner, m, entered);
      }
    }
    return new UntracedCallers(entered, overrides);
  }

  /** The method itself and, for an instance method, every traced override dispatch may choose. */
  static void resolve(final Program program, final Hierarchy hierarchy, final CallResolver resolver,
      final String owner, final MethodId m, final BitSet out) {
    final int own = hierarchy.resolveMethod(owner, m.nameAndDescriptor());
    if (own >= 0) {
      out.set(own);
      final MethodCfg method = program.methods().get(own);
      if (method.isStatic() || m.name().startsWith("<") || (method.access() & 0x0002) != 0) {
        return;
      }
    }
    final ClassModel model = program.classNamed(owner);
    final boolean isInterface = model != null && (model.access() & 0x0200) != 0;
    resolver.resolve(new CallSite(isInterface ? CallSite.Kind.INTERFACE : CallSite.Kind.VIRTUAL, owner, m.name(),
        m.descriptor())).traced().forEach(out::set);
  }

  /** The class itself when traced, else its nearest traced superclass through untraced ones, or null. */
  private static String tracedAncestor(final Program program, final Map<String, String> superOf, final String name) {
    String c = name;
    for (int depth = 0; c != null && depth < 64; depth++) {
      if (program.classNamed(c) != null) {
        return c;
      }
      c = superOf.get(c);
    }
    return null;
  }

  private static void read(final Path entry, final InputStream in, final Map<String, String> superOf,
      final Map<String, List<String>> declared, final List<MethodId> named) {
    final JavaClass jc = ClassFiles.parse(entry, in);
    superOf.put(jc.getClassName(), jc.getSuperclassName());
    final List<String> methods = new ArrayList<>();
    for (final Method m : jc.getMethods()) {
      if (!m.isStatic() && !m.isPrivate() && !m.getName().startsWith("<")) {
        methods.add(m.getName() + m.getSignature());
      }
    }
    declared.put(jc.getClassName(), methods);
    final ConstantPool cp = jc.getConstantPool();
    for (final Constant c : cp.getConstantPool()) {
      if (c instanceof ConstantCP ref && (ref instanceof ConstantMethodref || ref instanceof ConstantInterfaceMethodref)) {
        final String owner = ref.getClass(cp).replace('/', '.');
        if (owner.startsWith("[") || ClassFilter.isJdkClass(owner)) {
          continue;
        }
        final ConstantNameAndType nat = cp.getConstant(ref.getNameAndTypeIndex(), ConstantNameAndType.class);
        named.add(new MethodId(owner, nat.getName(cp), nat.getSignature(cp)));
      }
    }
  }
}
