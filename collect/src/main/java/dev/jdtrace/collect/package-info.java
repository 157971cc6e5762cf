/**
 * Collect: the only code that talks JDI. {@link dev.jdtrace.collect.LocalSession} launches the java command
 * under a loopback JDWP agent; {@link dev.jdtrace.collect.AttachSession} attaches to a JVM that is already
 * running, records while a trigger runs or a window lasts, lets the traced threads settle and detaches,
 * within {@link dev.jdtrace.collect.Guardrails}. Both set each class's witnesses once its bytecode is proven
 * safe, and stream every hit and exception record to disk. {@link dev.jdtrace.collect.JvmClasses} reads a
 * running JVM's classes when no class files are given. {@link dev.jdtrace.collect.StandardInput} hands every
 * launched target the same input as it arrives; {@link dev.jdtrace.collect.LaunchedProcesses} makes sure no
 * launched process outlives jdtrace. No JDI object leaves this module.
 */
package dev.jdtrace.collect;
