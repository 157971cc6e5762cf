/**
 * The session stream ("part" file) format: per-thread witness hits, exception records, and the stack of
 * each thread that stood in traced code when the VM died.
 */
package dev.jdtrace.driver.stream;
