package dev.jdtrace.reconstruct;

import dev.jdtrace.trace.stream.EndRecord;
import dev.jdtrace.trace.stream.ExceptionRecord;
import dev.jdtrace.trace.stream.HitStreamReader;
import dev.jdtrace.trace.stream.HitVisitor;
import dev.jdtrace.trace.stream.RunRecord;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A session's hit stream split per thread.
 *
 * @param planId identity of the plan the session ran
 * @param session index of the session
 * @param threads per-thread streams in order of first hit
 * @param run how the session's run went, or {@code null} when the stream does not say (a session of {@code run}
 *     or {@code attach}, not of {@code collect})
 */
public record SessionStreams(String planId, int session, List<ThreadStream> threads, RunRecord run) {

  public SessionStreams {
    threads = List.copyOf(threads);
  }

  /** Streams that do not say how their run went. */
  public SessionStreams(final String planId, final int session, final List<ThreadStream> threads) {
    this(planId, session, threads, null);
  }

  /**
   * Reads a session part file.
   *
   * @throws IOException when the file is not a complete session stream
   */
  public static SessionStreams read(final Path part) throws IOException {
    try (InputStream in = Files.newInputStream(part)) {
      final HitStreamReader reader = new HitStreamReader(in);
      final Collector collector = new Collector();
      reader.accept(collector);
      return new SessionStreams(reader.planId(), reader.session(), collector.streams(), reader.run());
    } catch (final IOException e) {
      throw new IOException(part + ": " + e.getMessage(), e);
    } catch (final UncheckedIOException e) {
      throw new IOException(part + ": " + e.getCause().getMessage(), e);
    }
  }

  /** Demultiplexes threads; holds one growable int array per thread. */
  private static final class Collector implements HitVisitor {
    private final List<String> names = new ArrayList<>();
    private final List<Long> orders = new ArrayList<>();
    private final List<int[]> hits = new ArrayList<>();
    private final List<Integer> sizes = new ArrayList<>();
    private final List<List<ExceptionRecord>> exceptions = new ArrayList<>();
    private final List<EndRecord> ends = new ArrayList<>();
    private final Map<Integer, int[]> starts = new HashMap<>();
    private final Set<Integer> back = new HashSet<>();
    /** Per thread of a --within session: where each window begins in its hits, and its entry block. */
    private final Map<Integer, List<Integer>> windows = new HashMap<>();

    @Override
    public void thread(final int thread, final String name, final long startOrder) {
      // The recorder numbers threads as they appear; anything else is a stream this reader cannot trust.
      if (thread != names.size()) {
        throw corrupt("thread " + thread + " appears out of order");
      }
      names.add(name);
      orders.add(startOrder);
      hits.add(new int[64]);
      sizes.add(0);
      exceptions.add(new ArrayList<>());
      ends.add(null);
    }

    @Override
    public void start(final int thread, final int[] frames) {
      starts.put(thread, frames);
    }

    @Override
    public void backAtStart(final int thread) {
      back.add(thread);
    }

    @Override
    public void window(final int thread, final int entry) {
      known(thread);
      if (ends.get(thread) != null) {
        throw corrupt("thread " + thread + " has events after its end");
      }
      final List<Integer> list = windows.computeIfAbsent(thread, t -> new ArrayList<>());
      list.add(sizes.get(thread));
      list.add(entry);
    }

    @Override
    public void exception(final int thread, final ExceptionRecord e) {
      known(thread);
      final List<ExceptionRecord> list = exceptions.get(thread);
      list.add(e);
      hit(thread, -list.size());
    }

    @Override
    public void end(final int thread, final EndRecord end) {
      known(thread);
      if (ends.get(thread) != null) {
        throw corrupt("thread " + thread + " ended twice");
      }
      ends.set(thread, end);
    }

    @Override
    public void hit(final int thread, final int block) {
      known(thread);
      if (ends.get(thread) != null) {
        throw corrupt("thread " + thread + " has events after its end");
      }
      int[] a = hits.get(thread);
      final int n = sizes.get(thread);
      if (n == a.length) {
        a = Arrays.copyOf(a, n * 2);
        hits.set(thread, a);
      }
      a[n] = block;
      sizes.set(thread, n + 1);
    }

    private void known(final int thread) {
      if (thread >= names.size()) {
        throw corrupt("a record of thread " + thread + " before the thread appears");
      }
    }

    private static UncheckedIOException corrupt(final String what) {
      return new UncheckedIOException(new IOException("corrupt session stream: " + what));
    }

    List<ThreadStream> streams() {
      final List<ThreadStream> out = new ArrayList<>();
      for (int i = 0; i < names.size(); i++) {
        out.add(new ThreadStream(names.get(i), orders.get(i), i, Arrays.copyOf(hits.get(i), sizes.get(i)),
            exceptions.get(i), starts.get(i), back.contains(i), ends.get(i),
            windows.containsKey(i) ? windows.get(i).stream().mapToInt(Integer::intValue).toArray() : null));
      }
      return out;
    }
  }
}
