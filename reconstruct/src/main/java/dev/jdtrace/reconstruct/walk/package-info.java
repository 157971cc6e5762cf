/**
 * The decoding walk of DESIGN §2 over all sessions' streams, with a call stack; it never guesses.
 */
package dev.jdtrace.reconstruct.walk;
