import ArgumentParser
import RoverCore

extension RoverCommand {
  struct Sequences: AsyncParsableCommand, ServiceCommand {
    static let configuration = CommandConfiguration(
      commandName: "sequences",
      abstract: "List the observations of a sol: its photos grouped by the sequence id in their file names.",
      discussion: """
        A sequence id names the commanded observation, not the camera: a Navcam frame taken for SuperCam is \
        counted under the SuperCam sequence (SCAM...). Each line gives the photos, cameras, eyes, tiles and the \
        first and last local mean solar time (LMST, where the feed gives it). Photos whose file name has no \
        sequence are counted together on a line of their own, the sol's last, with sequence '-' (null in JSON). \
        A range is listed sol by sol, each sol printed as it completes.

        --movies lists the sol's movies instead: frames of one sequence, camera and eye with the same subframe, \
        binning, size and mast pointing (within 0.1 degrees), at least three, in spacecraft-clock order; a survey \
        of three frames at each of eight pointings is eight movies. Each line gives the movie's id (for `rover \
        animate`), its frames, first and last spacecraft clock, mean cadence and duration in seconds, and camera.

        EXAMPLES:
          rover sequences perseverance --sol 1020
          rover sequences perseverance --sol 1000..1010 --camera NAVCAM --format csv
          rover sequences curiosity --sol 3163 --format jsonl | jq -r .sequence
          rover sequences curiosity --sol 3121 --movies
        """)

    @ParentCommand var root: RoverCommand
    @OptionGroup(title: "Connection options") var connection: ConnectionOptions
    @OptionGroup var quietFlag: QuietFlag
    @Argument(help: "Rover name, e.g. perseverance.", completion: Completions.rovers) var rover: String
    @OptionGroup var selection: FrameSolOptions
    @OptionGroup var versions: VersionsOption
    @OptionGroup var rawFeed: RawFeedFlags
    @OptionGroup var output: OutputOptions
    @Flag(help: "List the sol's movies (frames of one pointing over time) instead of its sequences.")
    var movies = false

    func validate() throws {
      try validateRoverName(rover)
    }

    func run() async throws {
      if movies {
        // Dust-devil movies are subframes, which the raw feeds' default leaves out; thumbnails are dropped by name.
        var partial = rawFeed
        partial.includeThumbnails = true
        try await printPerSol(
          rover, selection, versions: versions.versions, rawFeed: partial, output: output, SequenceGrouping.movies)
      } else {
        try await printPerSol(
          rover, selection, versions: versions.versions, rawFeed: rawFeed, output: output, SequenceGrouping.sequences)
      }
    }
  }
}

extension FrameSequence: Tabular {
  static var columns: [String] {
    ["SOL", "SEQUENCE", "PHOTOS", "CAMERAS", "EYES", "FIRST LMST", "LAST LMST", "TILES"]
  }
  static var numericColumns: Set<Int> { [0, 2] }

  var cells: [String] { fieldValues.map { $0.flatMap { $0.isEmpty ? nil : $0 } ?? "-" } }

  static var fields: [String] { ["sol", "sequence", "count", "cameras", "eyes", "first_lmst", "last_lmst", "tiles"] }

  /// Lists as space-separated words, as `sols` writes its cameras.
  var fieldValues: [String?] {
    [
      String(sol), sequence, String(count), cameras.joined(separator: " "), eyes.joined(separator: " "), firstLMST,
      lastLMST, tiles.map(String.init).joined(separator: " "),
    ]
  }
}
