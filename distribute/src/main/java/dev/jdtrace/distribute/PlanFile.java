package dev.jdtrace.distribute;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.jdtrace.distribute.cost.Prediction;
import dev.jdtrace.plan.cost.CostModel;
import dev.jdtrace.plan.icfg.ProfileKind;
import dev.jdtrace.plan.model.Block;
import dev.jdtrace.plan.model.Program;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * A plan as JSON, for running sessions elsewhere (planned once, collected and merged apart):
 * the java command and class patterns it was made for, and each session's witnesses with their class,
 * method, offset and line. The identity {@code id} digests the program launched, the analysed bytecode
 * and the witnesses, so a session collected of another program or against other class files is recognised.
 *
 * @param id the plan's identity
 * @param profile the profile kind, on disk by its label ({@code optimal}, {@code condition-targets}, {@code all-blocks})
 * @param javaCommand the java command the plan was made for
 * @param launch what of it the identity covers: main class, jar, arguments (see {@link Plan#of})
 * @param includes include patterns used
 * @param excludes exclude patterns used
 * @param predicted the plan's predicted cost on this machine
 * @param sessions the sessions' witnesses
 * @param entries traced methods entered from untraced code (reflection, method handles…) that an observing
 *     run saw, as {@code class.name(descriptor)}, or {@code *} for every method (an open world planned
 *     before anything was learned): callbacks the decoder must know, so merge keeps them
 * @param classes the traced classes planned, the ones a first run loaded; {@code null} when every class
 *     matching the includes was planned
 */
public record PlanFile(String id, ProfileKind profile, List<String> javaCommand, List<String> launch,
    List<String> includes, List<String> excludes, Predicted predicted, List<SessionEntry> sessions,
    List<String> entries, List<String> classes) {

  public PlanFile {
    entries = entries == null ? List.of() : List.copyOf(entries);
  }
  /** A plan of every class that matches the includes. */
  public PlanFile(final String id, final ProfileKind profile, final List<String> javaCommand, final List<String> launch,
      final List<String> includes, final List<String> excludes, final Predicted predicted,
      final List<SessionEntry> sessions, final List<String> entries) {
    this(id, profile, javaCommand, launch, includes, excludes, predicted, sessions, entries, null);
  }


  /**
   * The predicted cost of running every session here (DESIGN §3's model, measured by calibration).
   *
   * @param wallMillis all sessions on the workers
   * @param workers sessions at once
   * @param c0Micros cost per hit
   * @param c1Micros cost per hit per breakpoint set
   * @param launchMillis cost per session launch
   */
  public record Predicted(double wallMillis, int workers, double c0Micros, double c1Micros, double launchMillis) {
  }

  /**
   * One session's witnesses.
   *
   * @param index the session
   * @param expectedHits hits the plan's weights expect
   * @param predictedMillis predicted wall time of the session alone
   * @param witnesses its witnesses
   */
  public record SessionEntry(int index, double expectedHits, double predictedMillis, List<Witness> witnesses) {
  }

  /** One witness: its global block id, and where it is for people. */
  public record Witness(int block, String className, String method, int bci, int line) {
  }

  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT)
      .addMixIn(ProfileKind.class, ProfileKindJson.class);

  /** Keeps the profile kind's label on disk, as plans were always written; the plan module keeps its model free of JSON. */
  private abstract static class ProfileKindJson {
    @JsonValue
    abstract String label();

    @JsonCreator
    static ProfileKind of(final String label) {
      return ProfileKind.of(label);
    }
  }

  /** Describes a plan made from these options. */
  public static PlanFile of(final Plan plan, final Prediction prediction, final Program program,
      final List<String> javaCommand, final List<String> launch, final List<String> includes,
      final List<String> excludes, final List<String> entries, final boolean allClasses) {
    final CostModel cost = prediction.model();
    final List<SessionEntry> sessions = new ArrayList<>();
    for (final Plan.SessionPlan s : plan.sessions()) {
      final List<Witness> witnesses = new ArrayList<>();
      final BitSet w = s.witnesses();
      for (int b = w.nextSetBit(0); b >= 0; b = w.nextSetBit(b + 1)) {
        final Block block = program.block(b);
        witnesses.add(new Witness(b, program.methodOfBlock(b).id().className(),
            program.methodOfBlock(b).id().nameAndDescriptor(), block.startBci(), block.firstLine()));
      }
      sessions.add(new SessionEntry(s.index(), prediction.sessionHits().get(s.index()),
          prediction.sessionMillis().get(s.index()), witnesses));
    }
    return new PlanFile(plan.id(), plan.profile(), javaCommand, launch, includes, excludes,
        new Predicted(prediction.wallMillis(), prediction.workers(), cost.c0Micros(), cost.c1Micros(),
            cost.launchMillis()), sessions, entries,
        allClasses ? null : program.classes().stream().map(c -> c.name()).toList());
  }

  /** The planned classes, or {@code null} when every traced class was planned. */
  public java.util.Set<String> classSet() {
    return classes == null ? null : new java.util.TreeSet<>(classes);
  }

  /** The sessions' witness sets, in session order. */
  public List<BitSet> witnessSets() {
    final List<BitSet> sets = new ArrayList<>();
    for (final SessionEntry s : sessions) {
      final BitSet w = new BitSet();
      s.witnesses().forEach(x -> w.set(x.block()));
      sets.add(w);
    }
    return sets;
  }

  /**
   * The plan, rebuilt on the program as loaded here; its identity must be the file's.
   *
   * @param launch what identifies the program launched here (see {@link Plan#of})
   * @throws IllegalArgumentException when the program launched or its class files differ from those the
   *     plan was made for
   */
  public Plan toPlan(final Program program, final List<String> launch) {
    if (this.launch != null && !this.launch.equals(launch)) {
      throw new IllegalArgumentException("plan " + id + " was made for another program (" + describe(this.launch)
          + ") than this java command (" + describe(launch) + "): give the plan's command");
    }
    for (final SessionEntry s : sessions) {
      for (final Witness w : s.witnesses()) {
        if (w.block() >= program.blockCount()) {
          throw new IllegalArgumentException("plan " + id + " names block " + w.block() + ", but these class files "
              + "have " + program.blockCount() + " blocks: make the plan again against this build");
        }
      }
    }
    final Plan plan = Plan.of(program, launch, profile, witnessSets());
    if (!plan.id().equals(id)) {
      throw new IllegalArgumentException("plan " + id + " was made from other class files than these (they give "
          + plan.id() + "): make the plan again against this build");
    }
    return plan;
  }

  private static String describe(final List<String> launch) {
    return launch.isEmpty() ? "a running JVM" : String.join(", ", launch);
  }

  /** Writes the plan as JSON; the stream stays open, so its owner decides when the file is complete. */
  public void write(final OutputStream out) throws IOException {
    JSON.writer().without(JsonGenerator.Feature.AUTO_CLOSE_TARGET).writeValue(out, this);
  }

  /**
   * Reads a plan file.
   *
   * @throws PlanFileException with a one-line message when the file is missing or not a plan
   */
  public static PlanFile read(final Path file) {
    final PlanFile plan;
    try {
      plan = JSON.readValue(file.toFile(), PlanFile.class);
    } catch (final IOException e) {
      throw new PlanFileException(file, String.valueOf(e.getMessage()).lines().findFirst().orElse(""));
    }
    final String wrong = plan == null ? "it is empty" : plan.defect();
    if (wrong != null) {
      throw new PlanFileException(file, wrong);
    }
    return plan;
  }

  /** What makes a parsed plan unusable, or null: JSON that parses can still miss fields or hold bad numbers. */
  private String defect() {
    if (id == null || profile == null || javaCommand == null || includes == null || excludes == null
        || sessions == null) {
      return "a field is missing";
    }
    if (javaCommand.contains(null) || includes.contains(null) || excludes.contains(null)) {
      return "a list holds null";
    }
    for (int i = 0; i < sessions.size(); i++) {
      final SessionEntry s = sessions.get(i);
      if (s == null || s.index() != i || s.witnesses() == null) {
        return "session " + i + " is missing or out of order";
      }
      for (final Witness w : s.witnesses()) {
        if (w == null || w.block() < 0) {
          return "session " + i + " has a witness without a block";
        }
      }
    }
    return null;
  }
}
