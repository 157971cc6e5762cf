/** The traced library of {@link dev.jdtrace.programs.openworld.Host}. */
package dev.jdtrace.programs.openworld.lib;
