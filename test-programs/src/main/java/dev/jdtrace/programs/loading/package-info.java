/** A program whose class loading differs between runs: the first pass of a run cannot see every class. */
package dev.jdtrace.programs.loading;
