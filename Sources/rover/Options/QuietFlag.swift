import ArgumentParser

/// `-q`/`--quiet` on every command: nothing on stderr but errors (no warnings, progress or summary lines). Read
/// from the command line before parsing, so even messages printed while parsing obey it.
struct QuietFlag: ParsableArguments {
  @Flag(name: .shortAndLong, help: "Print nothing on stderr but errors.") var quiet = false
}
