package dev.jdtrace.bench.stepping;

import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What the line-stepping baseline records: one (thread, class, method, line) per step. A step is written as
 * two ints, the id of its (thread, class, method) and the line; a new id is first defined by {@code -1} and the
 * tab-separated key. Compact enough that a long run writes a few MB, cheap enough not to slow the stepper.
 */
final class StepLog implements AutoCloseable {
  private final DataOutputStream out;
  private final Map<String, Integer> ids = new HashMap<>();
  private long steps;

  StepLog(final OutputStream target) {
    this.out = new DataOutputStream(new BufferedOutputStream(target, 1 << 16));
  }

  /** Records one step. */
  void step(final String thread, final String className, final String method, final int line) throws IOException {
    final String key = thread + '\t' + className + '\t' + method;
    Integer id = ids.get(key);
    if (id == null) {
      id = ids.size();
      ids.put(key, id);
      out.writeInt(-1);
      out.writeUTF(key);
    }
    out.writeInt(id);
    out.writeInt(line);
    steps++;
  }

  long steps() {
    return steps;
  }

  @Override
  public void close() throws IOException {
    out.close();
  }

  /** Reads a log back as {@code thread<TAB>class<TAB>method<TAB>line} lines, in step order. */
  static List<String> read(final InputStream in) throws IOException {
    final DataInputStream data = new DataInputStream(in);
    final List<String> keys = new ArrayList<>();
    final List<String> lines = new ArrayList<>();
    while (true) {
      final int id;
      try {
        id = data.readInt();
      } catch (final EOFException end) {
        return lines;
      }
      if (id < 0) {
        keys.add(data.readUTF());
      } else {
        lines.add(keys.get(id) + '\t' + data.readInt());
      }
    }
  }
}
