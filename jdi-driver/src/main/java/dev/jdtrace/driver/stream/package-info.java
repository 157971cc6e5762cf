/** The session stream ("part" file) format: per-thread witness hits and exception records. */
package dev.jdtrace.driver.stream;
