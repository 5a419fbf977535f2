import ArgumentParser

/// `-q`/`--quiet` on every command: nothing on stderr but errors (no warnings, progress or summary lines). Read
/// from the command line before parsing, so even messages printed while parsing obey it.
struct QuietFlag: ParsableArguments {
  @Flag(name: .shortAndLong, help: "Print nothing on stderr but errors.") var quiet = false
}

extension QuietFlag {
  /// Whether `arguments` (the command line without the program) ask for quiet before any `--`.
  static func isGiven(in arguments: ArraySlice<String>) -> Bool {
    arguments.prefix { $0 != "--" }.contains { $0 == "-q" || $0 == "--quiet" }
  }
}
