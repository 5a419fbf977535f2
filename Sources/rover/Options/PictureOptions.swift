import ArgumentParser
import Foundation
import RoverCore
import RoverImaging

/// The selection, output folder, download width and output format that `assemble` and `anaglyph` share: whole sols
/// (`--sol`, `--camera`, as `pairs` takes them) narrowed by the frame filters (`--sequence`…).
struct PictureOptions: ParsableArguments {
  @Argument(help: "Rover name, e.g. perseverance.", completion: Completions.rovers) var rover: String
  @OptionGroup var selection: FrameSolOptions
  @OptionGroup(title: "Frame filters") var frames: FrameFilterOptions
  @Option(
    name: [.short, .customLong("output-dir")],
    help: ArgumentHelp("Directory the frames are downloaded to and the pictures written in.", valueName: "dir"))
  var outputDirectory = "."
  @Option(name: .shortAndLong, help: ArgumentHelp("Downloads at the same time (1-64).", valueName: "n")) var jobs = 8
  @Option(
    help: ArgumentHelp("What to print per picture: text (its path) or json (one object a line).", valueName: "format"))
  var format: PictureFormat = .text

  func validate() throws {
    try validateRoverName(rover)
    guard (1...64).contains(jobs) else { throw ValidationError("--jobs must be between 1 and 64, got \(jobs)") }
  }

  /// Lists whole sols at full size (tiles and pairs need the original PNGs), with the frame filters applied.
  func start(_ command: some ServiceCommand) throws -> PictureRun {
    let client = try command.client(
      RawFeedOptions(size: .full, sizeRequested: true), filter: try frames.filter())
    let directory = URL(fileURLWithPath: outputDirectory)
    // --offline lists from the response cache and uses the frames already in the folder; images are never cached.
    let downloader =
      client.settings.cacheMode.use == .offline
      ? nil : client.downloader(DownloadOptions(outputDirectory: directory, jobs: jobs, keepsRecord: true))
    return PictureRun(
      client: client, request: try selection.request(rover: rover),
      workshop: PictureWorkshop(directory: directory, downloader: downloader), format: format)
  }
}
