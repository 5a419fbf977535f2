import ArgumentParser
import RoverCore

/// Flags only NASA's raw feeds honour, on the commands that list photos.
struct RawFeedFlags: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "nasa-raw: Perseverance image size, small|medium|large|full (default: large).", valueName: "size"))
  var size: RawFeedOptions.ImageSize?

  @Flag(help: "nasa-raw: keep thumbnails and other partial samples, not only full frames.")
  var includeThumbnails = false

  @Flag(help: "nasa-raw: include Ingenuity's cameras with Perseverance.")
  var ingenuity = false

  var options: RawFeedOptions {
    RawFeedOptions(size: size ?? .large, includeThumbnails: includeThumbnails, includeIngenuity: ingenuity)
  }
}

extension RawFeedOptions.ImageSize: ExpressibleByArgument {}
