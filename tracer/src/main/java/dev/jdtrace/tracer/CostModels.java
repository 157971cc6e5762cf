package dev.jdtrace.tracer;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.jdtrace.collect.calibrate.Calibration;
import dev.jdtrace.collect.calibrate.MachineLoad;
import dev.jdtrace.plan.cost.CostModel;
import dev.jdtrace.tracer.io.OutputFailure;
import dev.jdtrace.tracer.io.OutputTarget;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.function.Consumer;

/**
 * The cost model of this machine, calibrated on first use and cached, so planning stays fast afterwards.
 * The cache lives in {@code $XDG_CACHE_HOME/jdtrace} (default {@code $HOME/.cache/jdtrace}); the system property
 * {@code jdtrace.cache} overrides it. A cached model measured on another JVM or core count is measured again.
 * A model measured while the machine was busy is cached as provisional: used while the machine stays busy,
 * measured again once it is idle (and {@link #PROVISIONAL} has passed).
 */
final class CostModels {
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private CostModels() {
  }

  /** The cached model, or a fresh calibration when there is none for this machine (or only a provisional one). */
  public static synchronized CostModel forThisMachine(final Consumer<String> info) {
    final CostModel settled = read(file());
    if (settled != null) {
      return settled;
    }
    final CostModel provisional = read(provisionalFile());
    if (provisional != null && !measureAgain(MachineLoad.busyNow() != null, age(provisionalFile()))) {
      return provisional;
    }
    return calibrate(info);
  }

  /** How long a provisional model is kept before an idle machine measures it again. */
  static final Duration PROVISIONAL = Duration.ofMinutes(10);

  /**
   * Whether a provisional model is measured again: not while the machine is busy (the figures would be as
   * skewed), and not within {@link #PROVISIONAL} of its measurement, so that a machine whose repeats keep
   * disagreeing does not calibrate on every run.
   */
  static boolean measureAgain(final boolean busyNow, final Duration age) {
    return !busyNow && age.compareTo(PROVISIONAL) >= 0;
  }

  private static Duration age(final Path file) {
    try {
      return Duration.between(Files.getLastModifiedTime(file).toInstant(), Instant.now());
    } catch (final IOException e) {
      return PROVISIONAL;
    }
  }

  /** Measures the model now and caches it: as provisional when the machine was busy meanwhile. */
  public static synchronized CostModel calibrate(final Consumer<String> info) {
    final String unwritable = CacheDirectory.unwritable(cacheDir());
    if (unwritable != null) {
      info.accept("the cost model cannot be cached (" + unwritable + "), so every run measures it again: point "
          + "XDG_CACHE_HOME (or HOME) at a writable directory");
    }
    final Calibration.Measurement measured = Calibration.measure(info, unwritable == null);
    final CostModel model = measured.model();
    if (unwritable != null) {
      return model;
    }
    if (measured.busy() != null && read(file()) != null) {
      info.accept("the machine was busy while calibrating (" + measured.busy() + "): the model measured idle stays "
          + "cached in " + file() + "; calibrate again once the machine is idle");
      return model;
    }
    final Path to = measured.busy() == null ? file() : provisionalFile();
    try {
      Files.createDirectories(to.getParent());
      OutputTarget.check(to, "the cost model cache").write(out -> JSON.writer()
          .without(JsonGenerator.Feature.AUTO_CLOSE_TARGET).writeValue(out, model));
      if (measured.busy() == null) {
        Files.deleteIfExists(provisionalFile());
      } else {
        info.accept("the machine was busy while calibrating (" + measured.busy() + "): this model is used until "
            + "it is idle, then measured again (or run `jdtrace calibrate --force` then)");
      }
    } catch (final IOException | IllegalArgumentException | OutputFailure e) {
      // Replaced only when complete, so a full disk never leaves a cache that later runs cannot read.
      info.accept("cannot cache the cost model in " + to + ": " + e.getMessage());
    }
    return model;
  }

  /** The model cached in this file for this machine, or {@code null}. */
  private static CostModel read(final Path file) {
    if (!Files.isRegularFile(file)) {
      return null;
    }
    try {
      final CostModel cached = JSON.readValue(file.toFile(), CostModel.class);
      return Calibration.machine().equals(cached.machine()) ? cached : null;
    } catch (final IOException e) {
      return null; // A broken cache is measured again, not trusted.
    }
  }

  /** Where this machine's model is cached, for the user: {@code cached in FILE}, maybe provisional, or not cached. */
  static String whereCached() {
    if (read(file()) != null) {
      return "cached in " + file();
    }
    if (read(provisionalFile()) != null) {
      return "cached in " + provisionalFile() + " (provisional: measured while the machine was busy)";
    }
    return "not cached";
  }

  /** Where the model is cached. */
  public static Path file() {
    return cacheDir().resolve("cost-model.json");
  }

  /** Where a model measured on a busy machine is cached until one is measured on an idle machine. */
  static Path provisionalFile() {
    return cacheDir().resolve("cost-model.provisional.json");
  }

  /** jdtrace's cache directory: see {@link CacheDirectory#of}. */
  public static Path cacheDir() {
    return CacheDirectory.of(System.getProperty("jdtrace.cache"), System.getenv(), System.getProperty("user.home"));
  }
}
