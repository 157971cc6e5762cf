package dev.jdtrace.reconstruct.walk;

import dev.jdtrace.plan.icfg.IcfgModel;
import dev.jdtrace.reconstruct.ThreadStream;
import dev.jdtrace.trace.stream.EndRecord;
import dev.jdtrace.trace.stream.ExceptionRecord;
import java.util.ArrayList;
import java.util.List;

/**
 * How far the walk has consumed the thread's stream in every session, and so each stream's head. It owns
 * the positions alone: a witness or an exception leaves a stream only through {@link #popWitness} and
 * {@link #popException}, which check it against the head first.
 *
 * <p>A stream's events are a witness block id, or {@code -(k+1)} for the k-th of its exceptions; past the
 * last event, the head is the thread's end: by returning, or where it stood when the VM died.
 */
final class StreamHeads {
  /** What {@link #next} returns past a stream's last event. */
  private static final int SPENT = Integer.MAX_VALUE;

  private final List<IcfgModel> models;
  private final int[][] events;
  private final List<List<ExceptionRecord>> exceptions = new ArrayList<>();
  /** Per session: where the thread stood when the VM died, or null. */
  private final List<EndRecord> ends = new ArrayList<>();
  private final int[] pos;
  /**
   * Per session: its head while its position stays, or {@code null} until asked. The walk asks for every head at
   * each choice it makes, many times per event (a million-block decode spent half its samples making them anew).
   */
  private final StreamHead[] heads;

  StreamHeads(final List<IcfgModel> models, final List<ThreadStream> streams) {
    this.models = models;
    events = new int[models.size()][];
    for (int s = 0; s < models.size(); s++) {
      events[s] = streams.get(s).hits();
      exceptions.add(streams.get(s).exceptions());
      ends.add(streams.get(s).end());
    }
    pos = new int[models.size()];
    heads = new StreamHead[models.size()];
  }

  int sessions() {
    return pos.length;
  }

  /** Where session s saw the thread when the VM died, or {@code null}. */
  EndRecord end(final int s) {
    return ends.get(s);
  }

  /** Events consumed over all sessions: the walk made progress while this grows. */
  long consumed() {
    long consumed = 0;
    for (final int p : pos) {
      consumed += p;
    }
    return consumed;
  }

  /** Whether every session's events are consumed (the thread's end may still be ahead). */
  boolean spent() {
    for (int s = 0; s < pos.length; s++) {
      if (pos[s] != events[s].length) {
        return false;
      }
    }
    return true;
  }

  /** Whether every stream is spent and the thread ends by returning. */
  boolean allAtEnd() {
    for (int s = 0; s < pos.length; s++) {
      if (next(s) != SPENT || ends.get(s) != null) {
        return false;
      }
    }
    return true;
  }

  /** Whether some session's next event is the witness {@code block}. */
  boolean anyAt(final int block) {
    for (int s = 0; s < pos.length; s++) {
      if (next(s) == block) {
        return true;
      }
    }
    return false;
  }

  /** Session s's head. */
  StreamHead head(final int s) {
    StreamHead head = heads[s];
    if (head == null) {
      head = at(s);
      heads[s] = head;
    }
    return head;
  }

  private StreamHead at(final int s) {
    final int h = next(s);
    if (h == SPENT) {
      return ends.get(s) == null ? StreamHead.END : StreamHead.of(ends.get(s));
    }
    return h >= 0 ? StreamHead.witness(h) : StreamHead.of(exceptions.get(s).get(-h - 1));
  }

  /** The head of the first session that is not at its end, for messages. */
  StreamHead first() {
    for (int s = 0; s < pos.length; s++) {
      if (next(s) != SPENT || ends.get(s) != null) {
        return head(s);
      }
    }
    return StreamHead.END;
  }

  /**
   * The exception every session has at its head, or {@code null}. While one session still holds a
   * witness, the walk has not reached the throw: an earlier visit of the same block threw nothing.
   */
  ExceptionRecord exceptionHead() {
    ExceptionRecord e = null;
    for (int s = 0; s < pos.length; s++) {
      final int h = next(s);
      if (h >= 0 || h == SPENT) {
        return null;
      }
      final ExceptionRecord here = exceptions.get(s).get(-h - 1);
      if (e != null && !e.equals(here)) {
        return null;
      }
      e = here;
    }
    return e;
  }

  /**
   * The walk entered {@code block}: pops it from every session that holds it as a witness, in session order.
   *
   * @return the first such session whose head is something else (the sessions before it are popped), or -1
   */
  int popWitness(final int block) {
    for (int s = 0; s < pos.length; s++) {
      if (models.get(s).isWitness(block)) {
        if (next(s) != block) {
          return s;
        }
        advance(s);
      }
    }
    return -1;
  }

  /**
   * The walk placed the throw of {@code e}: pops it from every session, in session order.
   *
   * @return the first session whose head is not {@code e} (the sessions before it are popped), or -1
   */
  int popException(final ExceptionRecord e) {
    for (int s = 0; s < pos.length; s++) {
      final int h = next(s);
      if (h >= 0 || h == SPENT || !exceptions.get(s).get(-h - 1).equals(e)) {
        return s;
      }
      advance(s);
    }
    return -1;
  }

  /**
   * The self-check: the path projected on each session's witnesses must be that session's hits exactly.
   *
   * @return the first session whose stream the path does not reproduce, or -1
   */
  int unreproduced(final int[] path) {
    for (int s = 0; s < pos.length; s++) {
      final int[] ev = events[s];
      int k = 0;
      for (final int b : path) {
        if (models.get(s).isWitness(b)) {
          while (k < ev.length && ev[k] < 0) {
            k++;
          }
          if (k >= ev.length || ev[k] != b) {
            return s;
          }
          k++;
        }
      }
    }
    return -1;
  }

  /** Each session's next event, which the walk could not place, or that it is at its end. */
  String unplaced(final Places places) {
    final List<String> next = new ArrayList<>();
    for (int s = 0; s < pos.length; s++) {
      final int left = events[s].length - pos[s];
      next.add("session " + s + (left == 0 ? " is at its end" + (ends.get(s) == null ? ""
          : ", " + places.describe(head(s))) : " has " + left + " event(s) left, the next "
          + places.describe(head(s))));
    }
    return String.join(", ", next);
  }

  /** Session s's next event: a witness id, -(k+1) for its k-th exception, or {@link #SPENT}. */
  private int next(final int s) {
    final int[] ev = events[s];
    return pos[s] < ev.length ? ev[pos[s]] : SPENT;
  }

  private void advance(final int s) {
    pos[s]++;
    heads[s] = null;
  }
}
