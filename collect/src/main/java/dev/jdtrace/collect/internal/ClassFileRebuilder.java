package dev.jdtrace.collect.internal;

import com.sun.jdi.ClassType;
import com.sun.jdi.Field;
import com.sun.jdi.InterfaceType;
import com.sun.jdi.Method;
import com.sun.jdi.ReferenceType;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.bcel.classfile.Attribute;
import org.apache.bcel.classfile.Code;
import org.apache.bcel.classfile.CodeException;
import org.apache.bcel.classfile.ConstantPool;
import org.apache.bcel.classfile.JavaClass;
import org.apache.bcel.classfile.SourceFile;
import org.apache.bcel.generic.ConstantPoolGen;

/**
 * A class file rebuilt from what a JVM shows over JDI: its constant pool ({@code canGetConstantPool}), its
 * methods' bytecode ({@code canGetBytecodes}), names, descriptors and access flags. Both come from the
 * same JVMTI reconstitution, so the bytecode's constant-pool indices fit the pool. What JDI does not
 * show is left out: exception tables, line and local-variable tables, stack sizes (set to the maximum,
 * for the class is only read, never loaded), annotations. The caller must refuse code that only an
 * exception handler reaches.
 */
final class ClassFileRebuilder {
  private static final int UNKNOWN_SIZE = 0xFFFF;

  private ClassFileRebuilder() {
  }

  static byte[] rebuild(final ReferenceType type) {
    try {
      final byte[] pool = type.constantPool();
      final ByteArrayOutputStream counted = new ByteArrayOutputStream();
      final DataOutputStream head = new DataOutputStream(counted);
      head.writeShort(type.constantPoolCount());
      head.write(pool);
      final ConstantPoolGen cp = new ConstantPoolGen(new ConstantPool(new DataInputStream(
          new ByteArrayInputStream(counted.toByteArray()))));
      final String name = type.name();
      final int self = cp.addClass(name);
      final String superName = type instanceof ClassType c && c.superclass() != null ? c.superclass().name()
          : "java.lang.Object";
      final int sup = name.equals("java.lang.Object") ? 0 : cp.addClass(superName);
      final List<InterfaceType> interfaces = type instanceof ClassType c ? c.interfaces()
          : ((InterfaceType) type).superinterfaces();
      final int[] ifs = interfaces.stream().mapToInt(i -> cp.addClass(i.name())).toArray();
      final List<org.apache.bcel.classfile.Field> fields = new ArrayList<>();
      for (final Field f : type.fields()) {
        fields.add(new org.apache.bcel.classfile.Field(f.modifiers(), cp.addUtf8(f.name()), cp.addUtf8(f.signature()),
            new Attribute[0], cp.getConstantPool()));
      }
      final int codeName = cp.addUtf8("Code");
      final List<org.apache.bcel.classfile.Method> methods = new ArrayList<>();
      for (final Method m : type.methods()) {
        final Attribute[] attributes;
        if (m.isAbstract() || m.isNative()) {
          attributes = new Attribute[0];
        } else {
          final byte[] code = m.bytecodes();
          attributes = new Attribute[] {new Code(codeName, 12 + code.length, UNKNOWN_SIZE, UNKNOWN_SIZE, code,
              new CodeException[0], new Attribute[0], cp.getConstantPool())};
        }
        methods.add(new org.apache.bcel.classfile.Method(m.modifiers(), cp.addUtf8(m.name()),
            cp.addUtf8(m.signature()), attributes, cp.getConstantPool()));
      }
      final List<Attribute> attributes = new ArrayList<>();
      final String source = sourceName(type);
      if (source != null) {
        attributes.add(new SourceFile(cp.addUtf8("SourceFile"), 2, cp.addUtf8(source), cp.getConstantPool()));
      }
      final ConstantPool finalPool = cp.getFinalConstantPool();
      fields.forEach(f -> f.setConstantPool(finalPool));
      methods.forEach(m -> {
        m.setConstantPool(finalPool);
        for (final Attribute a : m.getAttributes()) {
          a.setConstantPool(finalPool);
        }
      });
      attributes.forEach(a -> a.setConstantPool(finalPool));
      final JavaClass jc = new JavaClass(self, sup, name + ".class", type.majorVersion(), type.minorVersion(),
          type.modifiers(), finalPool, ifs, fields.toArray(new org.apache.bcel.classfile.Field[0]),
          methods.toArray(new org.apache.bcel.classfile.Method[0]), attributes.toArray(new Attribute[0]));
      return jc.getBytes();
    } catch (final IOException e) {
      throw new UncheckedIOException("cannot rebuild the class file of " + type.name() + ": " + e.getMessage(), e);
    }
  }

  private static String sourceName(final ReferenceType type) {
    try {
      return type.sourceName();
    } catch (final com.sun.jdi.AbsentInformationException e) {
      return null;
    }
  }
}
