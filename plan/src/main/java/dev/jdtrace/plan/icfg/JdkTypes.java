package dev.jdtrace.plan.icfg;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The type hierarchy of a whole runtime image: each class's superclass, interfaces and access flags, read from
 * the headers of all its class files (about 26,000 in a JDK 17: 0.8 s), then kept in jdtrace's cache per JDK
 * (read back in a few tens of milliseconds). It answers which JDK classes can be the receiver of a virtual call
 * on a JDK class.
 */
final class JdkTypes {
  /** One class's header. */
  record Type(String superName, List<String> interfaces, int access) {
    boolean isConcreteClass() {
      return (access & (0x0200 | 0x0400)) == 0;
    }
  }

  private static final String FORMAT = "jdtrace jdk types 1";

  private final Map<String, Type> types;
  private final Map<String, List<String>> subtypes = new HashMap<>();

  private JdkTypes(final Map<String, Type> types) {
    this.types = types;
    types.forEach((name, t) -> {
      if (t.superName() != null) {
        subtypes.computeIfAbsent(t.superName(), k -> new ArrayList<>()).add(name);
      }
      t.interfaces().forEach(i -> subtypes.computeIfAbsent(i, k -> new ArrayList<>()).add(name));
    });
  }

  /**
   * The types of the image, from {@code cached} when it holds them, else read from the image and written there
   * ({@code cached} may be {@code null}: nothing kept).
   */
  static JdkTypes of(final FileSystem jrt, final Path cached) throws IOException {
    if (cached != null && Files.isRegularFile(cached)) {
      final Map<String, Type> read = parse(Files.readAllLines(cached, StandardCharsets.UTF_8));
      if (read != null) {
        return new JdkTypes(read);
      }
    }
    final Map<String, Type> types = new HashMap<>();
    try (Stream<Path> files = Files.walk(jrt.getPath("/modules"))) {
      for (final Path p : (Iterable<Path>) files::iterator) {
        final String f = p.toString();
        if (f.endsWith(".class") && !f.endsWith("module-info.class")) {
          header(Files.readAllBytes(p), types);
        }
      }
    }
    if (cached != null) {
      write(types, cached);
    }
    return new JdkTypes(types);
  }

  /** The class itself and every class and interface of the image below it. */
  Set<String> subtypesOf(final String name) {
    return Hierarchy.below(name, subtypes);
  }

  /** The header of a class of the image, or {@code null}. */
  Type type(final String name) {
    return types.get(name);
  }

  /** Reads this, super and interfaces from a class file, skipping the rest of the constant pool. */
  private static void header(final byte[] bytes, final Map<String, Type> into) throws IOException {
    final DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes));
    final String[] self = new String[1];
    final Type t = header(in, self);
    into.put(self[0], t);
  }

  /** The header of one class file: its superclass (null for Object), interfaces and access flags. */
  static Type header(final byte[] bytes) throws IOException {
    return header(new DataInputStream(new ByteArrayInputStream(bytes)), new String[1]);
  }

  /**
   * One class file's header and what it declares: each field's and method's name and descriptor, concatenated
   * ({@code <clinit>()V}). Read past the header without parsing any attribute, where a whole parse (BCEL) of the
   * class files a plan asks about took 84 ms of GuavaDriver's planning (169 classes).
   */
  record Declared(Type type, Set<String> members) {
  }

  static Declared declared(final byte[] bytes) throws IOException {
    final Set<String> members = new HashSet<>();
    final Type type = header(new DataInputStream(new ByteArrayInputStream(bytes)), new String[1], members);
    return new Declared(type, Set.copyOf(members));
  }

  private static Type header(final DataInputStream in, final String[] name) throws IOException {
    return header(in, name, null);
  }

  /** The header; with {@code members}, what the class declares too (fields, then methods, each skipping attributes). */
  private static Type header(final DataInputStream in, final String[] name, final Set<String> members)
      throws IOException {
    in.skipBytes(8);
    final int count = in.readUnsignedShort();
    final String[] utf8 = new String[count];
    final int[] classNames = new int[count];
    for (int i = 1; i < count; i++) {
      final int tag = in.readUnsignedByte();
      switch (tag) {
        case 1 -> utf8[i] = in.readUTF();
        case 7 -> classNames[i] = in.readUnsignedShort();
        case 8, 16, 19, 20 -> in.skipBytes(2);
        case 3, 4, 9, 10, 11, 12, 17, 18 -> in.skipBytes(4);
        case 15 -> in.skipBytes(3);
        case 5, 6 -> {
          in.skipBytes(8);
          i++;
        }
        default -> throw new IOException("constant pool tag " + tag);
      }
    }
    final int access = in.readUnsignedShort();
    name[0] = utf8[classNames[in.readUnsignedShort()]].replace('/', '.');
    final int superIndex = in.readUnsignedShort();
    final String superName = superIndex == 0 ? null : utf8[classNames[superIndex]].replace('/', '.');
    final List<String> interfaces = new ArrayList<>();
    for (int n = in.readUnsignedShort(); n > 0; n--) {
      interfaces.add(utf8[classNames[in.readUnsignedShort()]].replace('/', '.'));
    }
    if (members != null) {
      for (int kind = 0; kind < 2; kind++) {
        for (int n = in.readUnsignedShort(); n > 0; n--) {
          in.skipBytes(2);
          members.add(utf8[in.readUnsignedShort()] + utf8[in.readUnsignedShort()]);
          for (int a = in.readUnsignedShort(); a > 0; a--) {
            in.skipBytes(2);
            in.skipNBytes(in.readInt() & 0xffffffffL);
          }
        }
      }
    }
    return new Type(superName, List.copyOf(interfaces), access);
  }

  private static Map<String, Type> parse(final List<String> lines) {
    if (lines.isEmpty() || !lines.get(0).equals(FORMAT)) {
      return null;
    }
    final Map<String, Type> types = new HashMap<>();
    for (final String line : lines.subList(1, lines.size())) {
      final String[] f = line.split("\t", -1);
      if (f.length != 4) {
        return null;
      }
      types.put(f[0], new Type(f[1].isEmpty() ? null : f[1], f[3].isEmpty() ? List.of() : List.of(f[3].split(",")),
          Integer.parseInt(f[2])));
    }
    return types;
  }

  private static void write(final Map<String, Type> types, final Path file) {
    final StringBuilder text = new StringBuilder(FORMAT).append('\n');
    types.forEach((name, t) -> text.append(name).append('\t').append(t.superName() == null ? "" : t.superName())
        .append('\t').append(t.access()).append('\t').append(String.join(",", t.interfaces())).append('\n'));
    JdkImage.writeAtomically(file, text);
  }
}
