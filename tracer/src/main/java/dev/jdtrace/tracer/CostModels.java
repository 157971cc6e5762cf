package dev.jdtrace.tracer;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.jdtrace.tracer.io.OutputFailure;
import dev.jdtrace.tracer.io.OutputTarget;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.jdtrace.distributor.cost.CostModel;
import dev.jdtrace.driver.calibrate.Calibration;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * The cost model of this machine, calibrated on first use and cached, so planning stays fast afterwards.
 * The cache lives in {@code $XDG_CACHE_HOME/jdtrace} (default {@code ~/.cache/jdtrace}); the system property
 * {@code jdtrace.cache} overrides it. A cached model measured on another JVM or core count is measured again.
 */
final class CostModels {
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private CostModels() {
  }

  /** The cached model, or a fresh calibration when there is none for this machine. */
  public static synchronized CostModel forThisMachine(final Consumer<String> info) {
    final Path file = file();
    if (Files.isRegularFile(file)) {
      try {
        final CostModel cached = JSON.readValue(file.toFile(), CostModel.class);
        if (Calibration.machine().equals(cached.machine())) {
          return cached;
        }
      } catch (final IOException e) {
        // A broken cache is measured again, not trusted.
      }
    }
    return calibrate(info);
  }

  /** Measures the model now and caches it. */
  public static synchronized CostModel calibrate(final Consumer<String> info) {
    final CostModel model = Calibration.measure(info);
    try {
      Files.createDirectories(file().getParent());
      OutputTarget.check(file(), "the cost model cache").write(out -> JSON.writer()
          .without(JsonGenerator.Feature.AUTO_CLOSE_TARGET).writeValue(out, model));
    } catch (final IOException | IllegalArgumentException | OutputFailure e) {
      // Replaced only when complete, so a full disk never leaves a cache that later runs cannot read.
      info.accept("cannot cache the cost model in " + file() + ": " + e.getMessage());
    }
    return model;
  }

  /** Where the model is cached. */
  public static Path file() {
    return cacheDir().resolve("cost-model.json");
  }

  /** jdtrace's cache directory: {@code jdtrace.cache}, else {@code $XDG_CACHE_HOME/jdtrace}, else {@code ~/.cache/jdtrace}. */
  public static Path cacheDir() {
    final String override = System.getProperty("jdtrace.cache");
    if (override != null) {
      return Path.of(override);
    }
    final String xdg = System.getenv("XDG_CACHE_HOME");
    final Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
    return base.resolve("jdtrace");
  }
}
