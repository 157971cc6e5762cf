/**
 * JDI plumbing: the target process, the event loop shared by launched and attached sessions
 * ({@code JdiSession}, {@code Recorder}), the breakpoint safety check, exception locating; for attached
 * sessions the connection with its one-line failures ({@code Attacher}), the session's phases from the
 * first request to the detach ({@code Attachment}), where a thread stands in traced code
 * ({@code ThreadStanding}), the trigger process, and class files rebuilt from
 * what JDI shows.
 */
package dev.jdtrace.collect.internal;
