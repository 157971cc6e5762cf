package dev.jdtrace.plan;

import java.util.regex.Pattern;

/**
 * The classes the JDK generates at run time with no class file, which no plan holds and no trace covers
 * (DESIGN §4): hidden classes such as lambda proxies (JDI names them {@code a.B$$Lambda$14/0x…}) and the
 * dynamic proxies of {@code java.lang.reflect.Proxy} ({@code a.$Proxy3} for a non-public interface of
 * package {@code a}). Any other traced class without a class file on the class path is an error.
 */
public final class GeneratedClasses {
  private static final Pattern PROXY = Pattern.compile("(.*\\.)?\\$Proxy\\d+");

  private GeneratedClasses() {
  }

  /** Whether a loaded class is one the JDK generated, by its binary name. */
  public static boolean isGenerated(final String name) {
    return name.contains("/") || PROXY.matcher(name).matches();
  }
}
