/**
 * Distribute: the {@link dev.jdtrace.distribute.Plan} (which witnesses each session sets, and its identity)
 * and the {@link dev.jdtrace.distribute.Distributor} that packs decision units into sessions under a cap.
 */
package dev.jdtrace.distribute;
