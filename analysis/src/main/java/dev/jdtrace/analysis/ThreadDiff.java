package dev.jdtrace.analysis;

import dev.jdtrace.trace.TraceDictionary;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Compares one thread of two traces in step, as a greedy streaming diff: equal entries are passed by;
 * at a difference, the next {@link #LOOKAHEAD} entries of each side are searched for the nearest point
 * (least entries skipped on both sides together) where {@link #WINDOW} entries in a row agree again (or
 * both sides end with the same few entries); both sides skip to it and the comparison goes on. Without
 * such a point the rest of both sides differs. Memory is the lookahead. It records the first difference
 * in detail (context before it, entries and call stacks of both sides, where they agree again) and
 * counts every differing region, entry and method. Not thread-safe.
 */
final class ThreadDiff {
  /** Entries in a row that must agree for the paths to agree again. */
  static final int WINDOW = 8;
  /** Entries of each side searched for agreement after a difference. */
  static final int LOOKAHEAD = 20_000;
  /** Entries of context shown before and after the first difference. */
  static final int CONTEXT = 3;

  /** One entry of one side: a block id of that side's dictionary, and its ordinal in the thread. */
  record Entry(int block, long ordinal) {
  }

  /** A frame of a call stack: its method and the block it is in. */
  record Frame(int method, int block) {
  }

  /** The entries of both sides just before the first difference (equal blocks). */
  record Common(int block, long ordinalA, long ordinalB) {
  }

  /**
   * One side at the first difference.
   *
   * @param ordinal the first differing entry, or the thread's length when it ended
   * @param next up to {@link #CONTEXT} differing entries
   * @param stack the call stack at its first differing entry, innermost first
   * @param again the entry where the sides agree again, or -1
   */
  record Side(long ordinal, List<Entry> next, List<Frame> stack, long again) {
  }

  /**
   * The comparison of one thread.
   *
   * @param before the common entries just before the first difference
   * @param a side A at the first difference
   * @param b side B at the first difference
   * @param regions differing regions
   * @param entriesA entries of A in differing regions
   * @param entriesB entries of B in differing regions
   * @param methods methods ({@code Class.method}) of the entries in differing regions
   */
  record Result(List<Common> before, Side a, Side b, int regions, long entriesA, long entriesB,
      Set<String> methods) {
  }

  /** One side being compared. */
  private static final class Track {
    final BlockCursor cursor;
    final CallTracker tracker = new CallTracker(new CallListener() { });
    final Labels labels;
    long ended;
    long differing;

    Track(final BlockCursor cursor, final TraceDictionary dictionary, final String thread) {
      this.cursor = cursor;
      labels = new Labels(dictionary);
      tracker.dictionary(dictionary);
      tracker.thread(thread);
    }

    /** Passes the next entry, feeding the call tracker. */
    void next() {
      tracker.block(cursor.id(0));
      ended = cursor.ordinal(0) + 1;
      cursor.next();
    }

    List<Frame> stack() {
      final List<Frame> frames = new ArrayList<>();
      for (int i = tracker.depth() - 1; i >= 0; i--) {
        frames.add(new Frame(tracker.methodAt(i), tracker.blockAt(i)));
      }
      return frames;
    }

    List<Entry> ahead(final int n) {
      final List<Entry> entries = new ArrayList<>();
      for (int i = 0; i < Math.min(n, cursor.size()); i++) {
        entries.add(new Entry(cursor.id(i), cursor.ordinal(i)));
      }
      return entries;
    }

    long position() {
      return cursor.size() > 0 ? cursor.ordinal(0) : ended;
    }
  }

  private final Track a;
  private final Track b;
  private final Set<String> methods = new TreeSet<>();
  private final Deque<Common> before = new ArrayDeque<>();

  ThreadDiff(final String thread, final BlockCursor a, final TraceDictionary da, final BlockCursor b,
      final TraceDictionary db) {
    this.a = new Track(a, da, thread);
    this.b = new Track(b, db, thread);
  }

  /** Compares the whole thread. */
  Result run() {
    Result first = null;
    int regions = 0;
    while (true) {
      while (a.cursor.fill(1) > 0 && b.cursor.fill(1) > 0 && a.cursor.key(0) == b.cursor.key(0)) {
        if (first == null) {
          before.addLast(new Common(a.cursor.id(0), a.cursor.ordinal(0), b.cursor.ordinal(0)));
          if (before.size() > CONTEXT) {
            before.removeFirst();
          }
        }
        a.next();
        b.next();
      }
      if (a.cursor.size() == 0 && b.cursor.size() == 0) {
        break;
      }
      regions++;
      a.cursor.fill(LOOKAHEAD + WINDOW);
      b.cursor.fill(LOOKAHEAD + WINDOW);
      final int[] skip = agreement();
      final int skipA = skip == null ? Integer.MAX_VALUE : skip[0];
      final int skipB = skip == null ? Integer.MAX_VALUE : skip[1];
      final long atA = a.position();
      final long atB = b.position();
      final List<Entry> nextA = a.ahead(Math.min(CONTEXT, skipA));
      final List<Entry> nextB = b.ahead(Math.min(CONTEXT, skipB));
      final List<Frame> stackA = pass(a, skipA);
      final List<Frame> stackB = pass(b, skipB);
      if (first == null) {
        first = new Result(List.copyOf(before), new Side(atA, nextA, stackA, skip == null ? -1 : a.position()),
            new Side(atB, nextB, stackB, skip == null ? -1 : b.position()), 0, 0, 0, Set.of());
      }
      if (skip == null) {
        break;
      }
    }
    return first == null ? null
        : new Result(first.before(), first.a(), first.b(), regions, a.differing, b.differing, methods);
  }

  /** Passes {@code n} differing entries (all to the end when MAX_VALUE); returns the stack at the first. */
  private List<Frame> pass(final Track t, final int n) {
    List<Frame> stack = null;
    for (int i = 0; i < n && t.cursor.fill(1) > 0; i++) {
      methods.add(t.labels.method(t.labels.dictionary().blocks().get(t.cursor.id(0)).methodIndex()));
      t.next();
      t.differing++;
      if (stack == null) {
        stack = t.stack();
      }
    }
    return stack == null ? t.stack() : stack;
  }

  /**
   * The entries to skip on each side to agree again, fewest in total first, or null. Near points are
   * looked for first: a point skipping at most {@code limit} entries in total is the nearest overall.
   */
  private int[] agreement() {
    int[] best = null;
    for (final int limit : new int[] {64, 2048, LOOKAHEAD}) {
      best = agreement(limit);
      if (best != null && best[0] + best[1] <= limit) {
        return best;
      }
    }
    return best;
  }

  private int[] agreement(final int limit) {
    final BlockCursor x = a.cursor;
    final BlockCursor y = b.cursor;
    final Map<Long, List<Integer>> starts = new HashMap<>();
    for (int j = 0; j + WINDOW <= Math.min(y.size(), limit + WINDOW); j++) {
      starts.computeIfAbsent(hash(y, j, WINDOW), k -> new ArrayList<>()).add(j);
    }
    int[] best = null;
    for (int i = 0; i + WINDOW <= Math.min(x.size(), limit + WINDOW); i++) {
      if (best != null && i >= best[0] + best[1]) {
        break;
      }
      for (final int j : starts.getOrDefault(hash(x, i, WINDOW), List.of())) {
        if (best != null && i + j >= best[0] + best[1]) {
          break;
        }
        if (equal(x, i, y, j, WINDOW)) {
          best = new int[] {i, j};
          break;
        }
      }
    }
    if (x.ended() && y.ended()) {
      for (int tail = Math.min(WINDOW - 1, Math.min(x.size(), y.size())); tail > 0; tail--) {
        final int i = x.size() - tail;
        final int j = y.size() - tail;
        if ((best == null || i + j < best[0] + best[1]) && equal(x, i, y, j, tail)) {
          best = new int[] {i, j};
        }
      }
    }
    return best;
  }

  private static long hash(final BlockCursor c, final int from, final int n) {
    long h = 0;
    for (int k = 0; k < n; k++) {
      h = h * 1_000_003L + c.key(from + k);
    }
    return h;
  }

  private static boolean equal(final BlockCursor x, final int i, final BlockCursor y, final int j, final int n) {
    for (int k = 0; k < n; k++) {
      if (x.key(i + k) != y.key(j + k)) {
        return false;
      }
    }
    return true;
  }
}
