/**
 * Learning where untraced code enters traced methods, from one run observed at every method entry and
 * every call site ({@link dev.jdtrace.reconstruct.discover.ExternalEntries}): the entries a plan cannot see
 * statically (reflection, method handles, proxies), which become callbacks of the next plan.
 */
package dev.jdtrace.reconstruct.discover;
