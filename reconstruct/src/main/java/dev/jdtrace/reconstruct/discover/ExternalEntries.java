package dev.jdtrace.reconstruct.discover;

import dev.jdtrace.plan.icfg.CallTargets;
import dev.jdtrace.plan.icfg.IcfgModel;
import dev.jdtrace.plan.model.Block;
import dev.jdtrace.plan.model.BlockEnd;
import dev.jdtrace.plan.model.Program;
import dev.jdtrace.reconstruct.SessionStreams;
import dev.jdtrace.reconstruct.ThreadStream;
import java.util.BitSet;

/**
 * The traced methods a run entered from untraced code, learned from a stream that holds every method's
 * entry block and every block ending in a call that may run code (calls to pure JDK methods cannot call
 * back and are left out). Traced code reaches other code only through a call, and a call ends its block,
 * so each thread's hits replay soundly: a call-site hit leaves that site pending; the next method entry is
 * a direct call when the pending site can call that method, and otherwise untraced code made it (the
 * thread's first entry included). Any other event (another hit, an exception) clears the pending site:
 * after an exception, or once the call ran untraced code, the site no longer explains an entry. A method
 * entered through a site that may also run untraced code is a callback already, so treating that entry as
 * direct loses nothing. Over-approximations (a loop back to offset 0, a class initialiser run between a
 * site and its call) only add entries, which costs witnesses but never exactness.
 */
public final class ExternalEntries {
  private ExternalEntries() {
  }

  /** The witnesses of a discovery session: every method's entry and every call site that may run code. */
  public static BitSet witnesses(final IcfgModel.Structure structure) {
    final Program p = structure.program();
    final BitSet out = new BitSet(p.blockCount());
    for (int m = 0; m < p.methods().size(); m++) {
      out.set(p.blockId(m, 0));
    }
    for (int b = 0; b < p.blockCount(); b++) {
      if (isSite(structure, b)) {
        out.set(b);
      }
    }
    return out;
  }

  /** Whether a session with these witnesses shows enough to learn from. */
  public static boolean canLearnFrom(final IcfgModel.Structure structure, final BitSet witnesses) {
    final BitSet needed = witnesses(structure);
    needed.andNot(witnesses);
    return needed.isEmpty();
  }

  /**
   * The methods each thread of the session entered from untraced code, class initialisers left out (they
   * are callbacks always).
   *
   * @param session a session whose witnesses include {@link #witnesses}
   * @return method indices
   */
  public static BitSet learn(final IcfgModel.Structure structure, final SessionStreams session) {
    final BitSet entered = new BitSet();
    for (final ThreadStream thread : session.threads()) {
      learn(structure, thread.hits(), entered);
    }
    return entered;
  }

  /** Replays one thread's events (block ids, negative for exceptions). */
  static void learn(final IcfgModel.Structure structure, final int[] events, final BitSet entered) {
    final Program p = structure.program();
    int pending = -1;
    for (final int e : events) {
      if (e < 0) {
        pending = -1;
        continue;
      }
      final Block block = p.block(e);
      final int site = pending;
      pending = -1;
      if (block.index() == 0) {
        final int m = p.methodOf(e);
        final boolean direct = site >= 0 && structure.targets()[site].traced().contains(m);
        if (!direct && !p.methods().get(m).id().name().equals("<clinit>")) {
          entered.set(m);
        }
      }
      if (isSite(structure, e)) {
        pending = e;
      }
    }
  }

  private static boolean isSite(final IcfgModel.Structure structure, final int block) {
    if (structure.program().block(block).end() != BlockEnd.INVOKE) {
      return false;
    }
    final CallTargets t = structure.targets()[block];
    return t != null && !t.isPure();
  }
}
