/** JDI plumbing: the target process, the event loop, the breakpoint safety check, exception locating. */
package dev.jdtrace.driver.internal;
