/**
 * Distribute: the {@link dev.jdtrace.distributor.Plan} (which witnesses each session sets, and its identity)
 * and the {@link dev.jdtrace.distributor.Distributor} that packs decision groups into sessions under a cap.
 */
package dev.jdtrace.distributor;
