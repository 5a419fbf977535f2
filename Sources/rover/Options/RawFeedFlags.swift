import ArgumentParser
import RoverCore

/// Flags only NASA's raw feeds honour, on the commands that list photos. Ingenuity has no flag: it is a rover of
/// its own (`photos ingenuity …`).
struct RawFeedFlags: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "nasa-raw: Perseverance and Ingenuity image size, small|medium|large|full (default: large).",
      valueName: "size"))
  var size: RawFeedOptions.ImageSize?

  @Flag(help: "nasa-raw: keep thumbnails and other partial samples, not only full frames.")
  var includeThumbnails = false

  var options: RawFeedOptions {
    RawFeedOptions(size: size ?? .large, includeThumbnails: includeThumbnails)
  }
}

extension RawFeedOptions.ImageSize: ExpressibleByArgument {}
