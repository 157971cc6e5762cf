/**
 * The pipeline, plan → collect → merge. The API is {@link dev.jdtrace.tracer.Tracer} (plan, collect, merge, run,
 * attach) with its data: {@link dev.jdtrace.tracer.RunRequest} and {@link dev.jdtrace.tracer.AttachRequest} in,
 * {@link dev.jdtrace.tracer.TracePlan} (a plan with its program and per-session decoder models),
 * {@link dev.jdtrace.tracer.RunReport} and {@link dev.jdtrace.tracer.AttachReport} out,
 * {@link dev.jdtrace.tracer.TracedProgram} for the traced classes, {@link dev.jdtrace.tracer.SessionProgress} for
 * progress, {@link dev.jdtrace.tracer.Notice} for notices about choices a caller words in its own terms, and
 * {@link dev.jdtrace.tracer.Interruption#happened} for a command being interrupted. Failures are exceptions that
 * carry numbers and names, such as {@link dev.jdtrace.tracer.NoMatchingClassException}; no option is named here.
 *
 * <p>The rest is package-private: {@code TraceRun} runs the sessions of a launched program in parallel, checks
 * they saw the same run and decodes them (planning again when a session loaded a class the first run did not,
 * learning entries from untraced code after a divergence). Its stages are classes of their own:
 * {@code PlanStage} plans (reusing the plan cache's plan or making a {@code FreshPlan}; in an open world,
 * {@code OpenWorldEntries} gives the entries untraced code makes), {@code SessionLoop} runs one attempt at a
 * plan, and
 * {@code OneSessionFallback} and {@code EntryLearning} take over when its sessions disagree or its decoding
 * diverges. {@code AttachRun} does the same on running JVMs,
 * their threads matched across sessions by {@link dev.jdtrace.reconstruct.AttachedThreads}; the first run,
 * the plan cache, the cost model cache and the static hit estimate are theirs. {@code Parts} checks the parts
 * given to merge against their plan.
 */
package dev.jdtrace.tracer;
