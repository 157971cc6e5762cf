package dev.jdtrace.analysis;

import dev.jdtrace.plan.ClassFiles;
import dev.jdtrace.trace.TraceDictionary.BlockEntry;
import dev.jdtrace.trace.TraceDictionary.MethodEntry;
import dev.jdtrace.trace.TraceDictionary;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.bcel.Const;
import org.apache.bcel.classfile.Attribute;
import org.apache.bcel.classfile.BootstrapMethod;
import org.apache.bcel.classfile.BootstrapMethods;
import org.apache.bcel.classfile.Code;
import org.apache.bcel.classfile.CodeException;
import org.apache.bcel.classfile.ConstantCP;
import org.apache.bcel.classfile.ConstantInvokeDynamic;
import org.apache.bcel.classfile.ConstantMethodHandle;
import org.apache.bcel.classfile.ConstantNameAndType;
import org.apache.bcel.classfile.ConstantPool;
import org.apache.bcel.classfile.JavaClass;
import org.apache.bcel.classfile.LineNumberTable;
import org.apache.bcel.classfile.Method;
import org.apache.bcel.generic.ALOAD;
import org.apache.bcel.generic.ASTORE;
import org.apache.bcel.generic.ATHROW;
import org.apache.bcel.generic.ConstantPoolGen;
import org.apache.bcel.generic.FieldInstruction;
import org.apache.bcel.generic.GETFIELD;
import org.apache.bcel.generic.GETSTATIC;
import org.apache.bcel.generic.GotoInstruction;
import org.apache.bcel.generic.INVOKEDYNAMIC;
import org.apache.bcel.generic.INVOKEVIRTUAL;
import org.apache.bcel.generic.IfInstruction;
import org.apache.bcel.generic.Instruction;
import org.apache.bcel.generic.InstructionHandle;
import org.apache.bcel.generic.InstructionList;
import org.apache.bcel.generic.InvokeInstruction;
import org.apache.bcel.generic.MONITOREXIT;
import org.apache.bcel.generic.PUTSTATIC;
import org.apache.bcel.generic.ReturnInstruction;
import org.apache.bcel.generic.Select;

/**
 * What the coverage formats count and the trace does not hold, read from the traced program's class files:
 * each traced method's instructions with their source line and, for a conditional jump or a switch, where
 * it can go. A trace names blocks by bytecode offsets, so the class files must be the ones traced; each
 * block's first and last offset are checked against them.
 */
public final class CoverageCode {
  /**
   * One bytecode instruction.
   *
   * @param bci its offset
   * @param line its source line, or -1 without a line table entry
   * @param targets for an {@code if*}: the jump target and the next instruction (2 branches, as JaCoCo
   *     counts them even when both are the same); for a switch: its distinct targets, default included;
   *     empty for any other instruction
   */
  public record Insn(int bci, int line, List<Integer> targets) {
    public Insn {
      targets = List.copyOf(targets);
    }
  }

  /**
   * A traced method's code.
   *
   * @param insns its instructions in bytecode order
   * @param filtered why JaCoCo leaves it out of its reports (compiler-generated code a test cannot reach
   *     on purpose), or {@code null} when it counts
   * @param ignored the offsets of the instructions JaCoCo leaves out of a method it counts: the handler
   *     javac adds to a {@code synchronized} block to release the monitor when its body throws (its
   *     {@code SynchronizedFilter}), and the code of {@code assert}'s {@code $assertionsDisabled} flag (its
   *     {@code AssertFilter})
   */
  public record MethodCode(List<Insn> insns, String filtered, Set<Integer> ignored) {
    public MethodCode {
      insns = List.copyOf(insns);
      ignored = Set.copyOf(ignored);
    }
  }

  private CoverageCode() {
  }

  /**
   * The code of every method of the dictionary, by method index, read from the first classpath entry that
   * holds each class (as the JVM does).
   *
   * @throws IllegalArgumentException when a traced class is not on the classpath or differs from the
   *     traced one
   */
  public static List<MethodCode> read(final TraceDictionary dictionary, final List<Path> classpath) {
    final Set<String> wanted = new HashSet<>();
    dictionary.classes().forEach(c -> wanted.add(c.name()));
    final Map<String, JavaClass> classes = new HashMap<>();
    for (final Path entry : classpath) {
      ClassFiles.forEach(entry, name -> wanted.contains(name) && !classes.containsKey(name),
          (name, in) -> classes.put(name, ClassFiles.parse(entry, in)));
    }
    final Map<Integer, List<Integer>> blocksOf = new HashMap<>();
    for (int b = 0; b < dictionary.blocks().size(); b++) {
      blocksOf.computeIfAbsent(dictionary.blocks().get(b).methodIndex(), k -> new ArrayList<>()).add(b);
    }
    final List<MethodCode> code = new ArrayList<>();
    for (int m = 0; m < dictionary.methods().size(); m++) {
      final MethodEntry entry = dictionary.methods().get(m);
      final String className = dictionary.classes().get(entry.classIndex()).name();
      final JavaClass c = classes.get(className);
      if (c == null) {
        throw new IllegalArgumentException("class " + className + " of the trace is not on --classpath: give the"
            + " classpath the program was traced with");
      }
      final MethodCode method = method(c, entry);
      final Set<Integer> offsets = new HashSet<>();
      method.insns().forEach(i -> offsets.add(i.bci()));
      for (final int b : blocksOf.getOrDefault(m, List.of())) {
        final BlockEntry block = dictionary.blocks().get(b);
        if (!offsets.contains(block.startBci()) || !offsets.contains(block.endBci())) {
          throw differs(className, entry);
        }
      }
      code.add(method);
    }
    return code;
  }

  private static MethodCode method(final JavaClass c, final MethodEntry entry) {
    for (final Method m : c.getMethods()) {
      if (m.getName().equals(entry.name()) && m.getSignature().equals(entry.descriptor()) && m.getCode() != null) {
        final Set<Integer> ignored = monitorExits(m.getCode());
        ignored.addAll(assertions(c, m));
        return new MethodCode(insns(m.getCode()), filtered(c, m), ignored);
      }
    }
    throw differs(c.getClassName(), entry);
  }

  private static IllegalArgumentException differs(final String className, final MethodEntry entry) {
    return new IllegalArgumentException("class " + className + " on --classpath is not the one traced (method "
        + entry.name() + entry.descriptor() + " differs): give the classpath the program was traced with");
  }

  private static List<Insn> insns(final Code code) {
    final LineNumberTable lines = code.getLineNumberTable();
    final List<Insn> insns = new ArrayList<>();
    for (final InstructionHandle h : new InstructionList(code.getCode()).getInstructionHandles()) {
      final int bci = h.getPosition();
      final Instruction i = h.getInstruction();
      final List<Integer> targets = new ArrayList<>();
      if (i instanceof IfInstruction jump) {
        targets.add(jump.getTarget().getPosition());
        targets.add(h.getNext().getPosition());
      } else if (i instanceof Select select) {
        final Set<Integer> distinct = new LinkedHashSet<>();
        distinct.add(select.getTarget().getPosition());
        for (final InstructionHandle t : select.getTargets()) {
          distinct.add(t.getPosition());
        }
        targets.addAll(distinct);
      }
      insns.add(new Insn(bci, lines == null ? -1 : lines.getSourceLine(bci), targets));
    }
    return insns;
  }

  /**
   * The instructions of the catch-any handlers that only release a monitor and rethrow
   * ({@code astore t; aload lock; monitorexit; aload t; athrow}, or javac's older
   * {@code aload lock; monitorexit; athrow}), which JaCoCo's {@code SynchronizedFilter} leaves out.
   */
  static Set<Integer> monitorExits(final Code code) {
    final Set<Integer> ignored = new HashSet<>();
    final InstructionList list = new InstructionList(code.getCode());
    for (final CodeException handler : code.getExceptionTable()) {
      if (handler.getCatchType() != 0 || handler.getStartPC() == handler.getHandlerPC()) {
        continue;
      }
      final List<InstructionHandle> at = new ArrayList<>();
      for (InstructionHandle h = list.findHandle(handler.getHandlerPC()); h != null && at.size() < 5;
          h = h.getNext()) {
        at.add(h);
      }
      final int length;
      if (at.size() == 5 && at.get(0).getInstruction() instanceof ASTORE t && at.get(1).getInstruction() instanceof ALOAD
          && at.get(2).getInstruction() instanceof MONITOREXIT && at.get(3).getInstruction() instanceof ALOAD r
          && r.getIndex() == t.getIndex() && at.get(4).getInstruction() instanceof ATHROW) {
        length = 5;
      } else if (at.size() >= 3 && at.get(0).getInstruction() instanceof ALOAD
          && at.get(1).getInstruction() instanceof MONITOREXIT && at.get(2).getInstruction() instanceof ATHROW) {
        length = 3;
      } else {
        continue;
      }
      for (int i = 0; i < length; i++) {
        ignored.add(at.get(i).getPosition());
      }
    }
    return ignored;
  }

  /**
   * The code of the {@code $assertionsDisabled} flag, as JaCoCo's {@code AssertFilter} matches it: in
   * {@code <clinit>}, its initialisation ({@code ldc C.class; invokevirtual desiredAssertionStatus; ifne;
   * iconst_1; goto; iconst_0; putstatic}); in any method, the {@code ifne} after each
   * {@code getstatic $assertionsDisabled} (the getstatic still counts, as in JaCoCo).
   */
  static Set<Integer> assertions(final JavaClass c, final Method m) {
    final Set<Integer> ignored = new HashSet<>();
    final ConstantPoolGen pool = new ConstantPoolGen(c.getConstantPool());
    final InstructionHandle[] hs = new InstructionList(m.getCode().getCode()).getInstructionHandles();
    for (int i = 0; i < hs.length; i++) {
      if (hs[i].getInstruction() instanceof GETSTATIC get && flag(c, pool, get) && i + 1 < hs.length
          && hs[i + 1].getInstruction().getOpcode() == Const.IFNE) {
        ignored.add(hs[i + 1].getPosition());
      }
      if ("<clinit>".equals(m.getName()) && i >= 1 && i + 5 < hs.length
          && hs[i].getInstruction() instanceof INVOKEVIRTUAL call
          && "desiredAssertionStatus".equals(call.getMethodName(pool)) && "()Z".equals(call.getSignature(pool))
          && "java.lang.Class".equals(call.getReferenceType(pool).toString())
          && hs[i + 1].getInstruction().getOpcode() == Const.IFNE
          && hs[i + 2].getInstruction().getOpcode() == Const.ICONST_1
          && hs[i + 3].getInstruction() instanceof GotoInstruction
          && hs[i + 4].getInstruction().getOpcode() == Const.ICONST_0
          && hs[i + 5].getInstruction() instanceof PUTSTATIC put && flag(c, pool, put)) {
        for (int k = i - 1; k <= i + 5; k++) {
          ignored.add(hs[k].getPosition());
        }
      }
    }
    return ignored;
  }

  private static boolean flag(final JavaClass c, final ConstantPoolGen pool, final FieldInstruction f) {
    return "$assertionsDisabled".equals(f.getFieldName(pool)) && "Z".equals(f.getSignature(pool))
        && c.getClassName().equals(f.getReferenceType(pool).toString());
  }

  /**
   * Why JaCoCo's filters drop a whole method (its {@code SyntheticFilter}, {@code BridgeFilter},
   * {@code EnumFilter}, {@code EnumEmptyConstructorFilter}, {@code PrivateEmptyNoArgConstructorFilter} and
   * {@code RecordsFilter}), or {@code null}. Filters that drop part of a method other than
   * {@link #monitorExits} and {@link #assertions} (finally copies, string switches, try-with-resources) are not reproduced: those
   * instructions count here.
   */
  static String filtered(final JavaClass c, final Method m) {
    final String name = m.getName();
    final String desc = m.getSignature();
    if (c.isSynthetic()) {
      return "synthetic class";
    }
    if (m.isSynthetic() && !name.startsWith("lambda$")) {
      return "synthetic method";
    }
    if ((m.getAccessFlags() & Const.ACC_BRIDGE) != 0) {
      return "bridge method";
    }
    final String self = c.getClassName().replace('.', '/');
    final boolean isEnum = "java.lang.Enum".equals(c.getSuperclassName());
    if (isEnum && ("values".equals(name) && desc.equals("()[L" + self + ";")
        || "valueOf".equals(name) && desc.equals("(Ljava/lang/String;)L" + self + ";"))) {
      return "enum values/valueOf";
    }
    final List<Instruction> body = body(m);
    if ("java.lang.Record".equals(c.getSuperclassName()) && generatedByRecord(c, m, body)) {
      return "record's generated method";
    }
    if (isEnum && "<init>".equals(name) && "(Ljava/lang/String;I)V".equals(desc)
        && opcodes(body, Const.ALOAD_0, Const.ALOAD_1, Const.ILOAD_2, Const.INVOKESPECIAL, Const.RETURN)
        && superInit(c, body.get(3), "java.lang.Enum", desc)) {
      return "empty enum constructor";
    }
    if (m.isPrivate() && "<init>".equals(name) && "()V".equals(desc)
        && opcodes(body, Const.ALOAD_0, Const.INVOKESPECIAL, Const.RETURN)
        && superInit(c, body.get(1), c.getSuperclassName(), desc)) {
      return "private empty constructor";
    }
    return null;
  }

  /**
   * A record's {@code toString}, {@code hashCode} and {@code equals} made by {@code ObjectMethods}, and its
   * field accessors, as JaCoCo's {@code RecordsFilter} matches them.
   */
  private static boolean generatedByRecord(final JavaClass c, final Method m, final List<Instruction> body) {
    final String name = m.getName();
    final String desc = m.getSignature();
    final ConstantPoolGen pool = new ConstantPoolGen(c.getConstantPool());
    if ("toString".equals(name) && "()Ljava/lang/String;".equals(desc)
        && opcodes(body, Const.ALOAD_0, Const.INVOKEDYNAMIC, Const.ARETURN)
        || "hashCode".equals(name) && "()I".equals(desc)
        && opcodes(body, Const.ALOAD_0, Const.INVOKEDYNAMIC, Const.IRETURN)) {
      return objectMethod(c, pool, (INVOKEDYNAMIC) body.get(1), name);
    }
    if ("equals".equals(name) && "(Ljava/lang/Object;)Z".equals(desc)
        && opcodes(body, Const.ALOAD_0, Const.ALOAD_1, Const.INVOKEDYNAMIC, Const.IRETURN)) {
      return objectMethod(c, pool, (INVOKEDYNAMIC) body.get(2), name);
    }
    return desc.startsWith("()") && body.size() == 3 && body.get(0).getOpcode() == Const.ALOAD_0
        && body.get(1) instanceof GETFIELD get && get.getFieldName(pool).equals(name)
        && body.get(2) instanceof ReturnInstruction && body.get(2).getOpcode() != Const.RETURN;
  }

  /** Whether an {@code invokedynamic} named {@code name} is bootstrapped by {@code ObjectMethods.bootstrap}. */
  private static boolean objectMethod(final JavaClass c, final ConstantPoolGen pool, final INVOKEDYNAMIC indy,
      final String name) {
    if (!name.equals(indy.getMethodName(pool))) {
      return false;
    }
    final ConstantPool cp = c.getConstantPool();
    final ConstantInvokeDynamic dyn = cp.getConstant(indy.getIndex(), ConstantInvokeDynamic.class);
    for (final Attribute a : c.getAttributes()) {
      if (a instanceof BootstrapMethods methods) {
        final BootstrapMethod bsm = methods.getBootstrapMethods()[dyn.getBootstrapMethodAttrIndex()];
        final ConstantMethodHandle handle = cp.getConstant(bsm.getBootstrapMethodRef(), ConstantMethodHandle.class);
        final ConstantCP ref = cp.getConstant(handle.getReferenceIndex(), ConstantCP.class);
        final ConstantNameAndType nat = cp.getConstant(ref.getNameAndTypeIndex(), ConstantNameAndType.class);
        return "java.lang.runtime.ObjectMethods".equals(ref.getClass(cp)) && "bootstrap".equals(nat.getName(cp));
      }
    }
    return false;
  }

  private static List<Instruction> body(final Method m) {
    return java.util.Arrays.stream(new InstructionList(m.getCode().getCode()).getInstructions()).toList();
  }

  private static boolean opcodes(final List<Instruction> body, final short... opcodes) {
    if (body.size() != opcodes.length) {
      return false;
    }
    for (int i = 0; i < opcodes.length; i++) {
      if (body.get(i).getOpcode() != opcodes[i]) {
        return false;
      }
    }
    return true;
  }

  private static boolean superInit(final JavaClass c, final Instruction call, final String owner,
      final String desc) {
    final InvokeInstruction invoke = (InvokeInstruction) call;
    final ConstantPoolGen pool = new ConstantPoolGen(c.getConstantPool());
    return "<init>".equals(invoke.getMethodName(pool)) && desc.equals(invoke.getSignature(pool))
        && owner.equals(invoke.getReferenceType(pool).toString());
  }
}
