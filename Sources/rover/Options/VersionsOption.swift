import ArgumentParser
import RoverCore

/// `--versions` for `pairs` and `sequences`, which take no other frame filter. A group of its own so that a command
/// taking both the whole-sol selection and the frame filters (`assemble`, `anaglyph`) declares the flag once.
struct VersionsOption: ParsableArguments {
  @Option(help: FrameFilterOptions.versionsHelp)
  var versions: PhotoFilter.Versions = .newest
}
