package dev.jdtrace.tracer;

import dev.jdtrace.collect.Endpoint;
import dev.jdtrace.collect.Guardrails;
import dev.jdtrace.collect.Window;
import java.nio.file.Path;
import java.util.List;

/**
 * What {@code jdtrace attach} was asked to do.
 *
 * @param targets the JVMs' debug ports; session k runs on target k mod their number
 * @param classpath the class files the JVMs run, or {@code null} to trace the classes the first target has
 *     loaded, read over JDI
 * @param planning the traced classes' patterns, the planning options and the trace path (its java command is
 *     empty)
 * @param window the trigger command or the observation window of every session
 * @param guardrails the limits of every session
 * @param allowTruncated whether a truncated session may still give a (partial, announced) trace
 */
public record AttachRequest(List<Endpoint> targets, List<Path> classpath, RunRequest planning, Window window,
    Guardrails guardrails, boolean allowTruncated) {

  public AttachRequest {
    targets = List.copyOf(targets);
    classpath = classpath == null ? null : List.copyOf(classpath);
  }
}
