/**
 * A small service to attach to: {@link dev.jdtrace.programs.service.Service} listens on a loopback port
 * and answers each request on a new thread named {@code handler-N}, where N counts the requests the
 * service has seen, so the handling thread's name differs from session to session.
 * {@link dev.jdtrace.programs.service.RequestHandler} is the deterministic request logic (loops, a
 * string switch, a caught exception). {@link dev.jdtrace.programs.service.OneRequest} runs the same
 * accept and handling code for exactly one request and exits, so that {@code jdtrace run} can trace it;
 * {@link dev.jdtrace.programs.service.ServiceClient} sends one request and prints the answer (the
 * trigger of an attach session).
 *
 *
 * <p>Servers whose request loop is traced code itself, so that its thread is inside traced code when
 * jdtrace attaches: {@link dev.jdtrace.programs.service.LoopServer} accepts and answers on one thread;
 * {@link dev.jdtrace.programs.service.PoolServer} accepts in traced code and hands each connection to
 * pool workers that park in the JDK between tasks; {@link dev.jdtrace.programs.service.BlockedServer} is
 * a LoopServer with a thread stuck in the middle of a traced block. {@code OneLoopRequest} and
 * {@code OnePoolRequest} run the same loops for one request under {@code jdtrace run}.
 *
 * <p>The handling thread's path depends only on the request text: no class initialiser runs on it
 * (the handler classes have no static state), so its blocks are the same whether it is the first
 * request of a fresh JVM or the hundredth.
 */
package dev.jdtrace.programs.service;
