/**
 * The decoding walk of DESIGN §2 over all sessions' streams, with a call stack; it never guesses. A thread
 * found inside traced code by an attach starts from its {@link dev.jdtrace.reconstruct.walk.StartStack}
 * instead of its untraced bottom frame, and may end back there.
 *
 * <pre>
 * Walker           runs the walk of one thread (or one --within window), then the self-check
 *  +- WalkState     the call stack (WalkFrame), the path so far, the moves push/pop/enter, refusals
 *  |   +- StreamHeads   where the walk stands in each session's stream; its head (StreamHead)
 *  |   +- HeadReach     per session: can a candidate reach that head before any other witness?
 *  |   |   +- WitnessFreePaths   which blocks reach a throw or halt point without a witness
 *  |   +- Places        how refusals name blocks and heads
 *  +- ThreadEnd     whether the walk stands where the VM's death left the thread
 *  +- Unwinding     an exception at every head: its throw point, the frames it unwinds, its handler
 *  +- TracedStep    one step in a traced frame: class initialisers, successors, calls, return
 *  +- UntracedStep  one step in untraced code: a callback, the return to traced code, or the end
 * </pre>
 */
package dev.jdtrace.reconstruct.walk;
