package dev.semhash.training.cli;

/** Small formatting helpers shared by the commands. */
final class CommandSupport {
  private CommandSupport() {}

  /** Rounds to six decimals for JSON reports. */
  static double round(double v) {
    return Math.round(v * 1e6) / 1e6;
  }
}
