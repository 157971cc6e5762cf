package dev.jdtrace.plan.icfg;

import static org.assertj.core.api.Assertions.assertThat;

import dev.jdtrace.plan.ClassFiles;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.bcel.classfile.ClassParser;
import org.apache.bcel.classfile.FieldOrMethod;
import org.apache.bcel.classfile.JavaClass;
import org.junit.jupiter.api.Test;

/** The class-file reader that skips attributes reads what a whole parse (BCEL) reads, on every class of a real jar. */
class JdkTypesTest {
  @Test
  void whatAClassDeclaresIsWhatBcelReads() throws Exception {
    final Path bcel = Path.of(ClassParser.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    final int[] classes = {0};
    // module-info has no superclass, which BCEL names java.lang.Object.
    ClassFiles.forEach(bcel, name -> !name.equals("module-info"), (name, in) -> {
      try {
        final byte[] bytes = in.readAllBytes();
        final JavaClass whole = new ClassParser(new ByteArrayInputStream(bytes), name).parse();
        final JdkTypes.Declared read = JdkTypes.declared(bytes);

        final Set<String> members = new HashSet<>();
        for (final FieldOrMethod m : List.of(whole.getFields())) {
          members.add(m.getName() + m.getSignature());
        }
        for (final FieldOrMethod m : List.of(whole.getMethods())) {
          members.add(m.getName() + m.getSignature());
        }
        assertThat(read.members()).as(name).isEqualTo(members);
        assertThat(read.type().interfaces()).as(name).containsExactly(whole.getInterfaceNames());
        assertThat(read.type().superName()).as(name).isEqualTo(whole.getSuperclassName());
        assertThat(read.type().access()).as(name).isEqualTo(whole.getAccessFlags());
        classes[0]++;
      } catch (final IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    });
    assertThat(classes[0]).as("classes compared").isGreaterThan(300);
  }
}
