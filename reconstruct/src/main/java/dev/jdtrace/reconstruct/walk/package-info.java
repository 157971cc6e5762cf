/**
 * The decoding walk of DESIGN §2 over all sessions' streams, with a call stack; it never guesses. A thread
 * found inside traced code by an attach starts from its {@link dev.jdtrace.reconstruct.walk.StartStack}
 * instead of its untraced bottom frame, and may end back there.
 */
package dev.jdtrace.reconstruct.walk;
