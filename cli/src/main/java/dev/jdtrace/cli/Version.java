package dev.jdtrace.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/**
 * {@code jdtrace --version}: the build's version and the JDK jdtrace runs on, which is the JDK whose
 * {@code jdk.jdi} module does the tracing (a bug report needs both).
 */
final class Version implements IVersionProvider {
  /** The version the build wrote into {@code version.properties}. */
  static String jdtrace() {
    try (InputStream in = Version.class.getResourceAsStream("version.properties")) {
      if (in == null) {
        return "unknown";
      }
      final Properties p = new Properties();
      p.load(in);
      return p.getProperty("version", "unknown");
    } catch (final IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public String[] getVersion() {
    return new String[] {"jdtrace " + jdtrace(),
        "JDK " + System.getProperty("java.runtime.version") + " (" + System.getProperty("java.vendor") + ") at "
            + System.getProperty("java.home")};
  }
}
