package dev.jdtrace.cli;

import picocli.CommandLine.ITypeConverter;

/** Accepts the profile names users type: {@code optimal}, {@code condition-targets}, {@code all-blocks}. */
final class ProfileKindConverter implements ITypeConverter<ProfileKind> {
  @Override
  public ProfileKind convert(final String value) {
    for (final ProfileKind k : ProfileKind.values()) {
      if (k.label().equals(value)) {
        return k;
      }
    }
    throw new IllegalArgumentException("unknown profile '" + value + "': use optimal, condition-targets or all-blocks");
  }
}
