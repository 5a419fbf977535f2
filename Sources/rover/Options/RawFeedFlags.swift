import ArgumentParser
import RoverCore
import RoverGallery

/// Photo flags on the commands that list photos: the size (every service maps it) and thumbnails (raw feeds). Ingenuity has no flag: it is a rover of
/// its own (`photos ingenuity …`).
struct RawFeedFlags: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Image size, small|medium|large|full (default: large): 320/800/1200 px or the original on NASA's feeds, "
        + "256 or 1024 px on the PDS; a service with one size says so once.",
      valueName: "size"))
  var size: RawFeedOptions.ImageSize?

  @Flag(help: "nasa-raw: keep thumbnails and other partial samples, not only full frames.")
  var includeThumbnails = false

  var options: RawFeedOptions { options(keepingRecords: false) }

  /// The options, keeping each feed record verbatim only when a `--metadata` sidecar will be written.
  func options(keepingRecords: Bool) -> RawFeedOptions {
    RawFeedOptions(
      size: size ?? .large, includeThumbnails: includeThumbnails, sizeRequested: size != nil,
      keepsRecords: keepingRecords)
  }
}

extension RawFeedOptions.ImageSize: ExpressibleByArgument {}
