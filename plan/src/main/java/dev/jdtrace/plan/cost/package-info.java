/**
 * What a session costs on this machine: the model that planning predicts with and that calibration (in
 * {@code collect}, which can launch JVMs) measures. It sits in the lowest module both read, so that
 * collecting needs nothing of distributing.
 */
package dev.jdtrace.plan.cost;
