import ArgumentParser
import Foundation
import RoverCore
import RoverImaging

extension RoverCommand {
  struct Animate: AsyncParsableCommand, ServiceCommand {
    static let configuration = CommandConfiguration(
      commandName: "animate",
      abstract: "Make an animated GIF of each movie of a sol: dust devils, clouds, sundials; or one frame per drive.",
      discussion: """
        The movies are those `rover sequences --movies` lists: frames of one sequence, camera and eye with the same \
        subframe, binning, size and mast pointing, at least three. Their frames download into -o as `photos` \
        would name them (a re-run fetches nothing), then each movie becomes <id>.gif there: grey frames on a \
        grey palette, colour ones on a 6x7x6 colour cube. Each frame shows for its real gap to the next divided \
        by --speed (default 50), or at --fps. --diff shows change instead: each frame's difference from the \
        movie's mean, smoothed (5-pixel box) and stretched, mid-grey for none (as mru's diffgif). --per-drive \
        makes one movie per camera of one full frame per site and drive over the sols, in drive order. \
        --format frames writes numbered PNGs in <id>/ for ffmpeg instead of a GIF. Frames of another size \
        than the first, or that do not decode, are left out with one warning per movie.

        EXAMPLES:
          rover animate curiosity --sol 3121 --sequence NCAM00595 -o movies/
          rover animate curiosity --sol 3121 --sequence NCAM00595 --diff -o movies/
          rover animate perseverance --sol 1000..1100 --camera NAVCAM_LEFT --per-drive --fps 4 -o drive/
          ffmpeg -framerate 5 -i movies/3121-NCAM00595-right-01/%05d.png dust.mp4
        """)

    @ParentCommand var root: RoverCommand
    @OptionGroup(title: "Connection options") var connection: ConnectionOptions
    @OptionGroup var quietFlag: QuietFlag
    @Argument(help: "Rover name, e.g. curiosity.", completion: Completions.rovers) var rover: String
    @OptionGroup var selection: FrameSolOptions
    @OptionGroup var rawFeed: RawFeedFlags
    @Option(help: ArgumentHelp("Only the movies of this sequence id (NCAM00595).", valueName: "id"))
    var sequence: String?
    @Flag(help: "Change detection: each frame's difference from the movie's mean.")
    var diff = false
    @Flag(help: "One movie per camera: one full frame per site and drive, in drive order.")
    var perDrive = false
    @Option(help: ArgumentHelp("Times faster than real time (default 50).", valueName: "factor"))
    var speed: Double?
    @Option(help: ArgumentHelp("A steady rate instead of the real pace, frames per second.", valueName: "n"))
    var fps: Double?
    @Option(help: ArgumentHelp("gif, or frames: numbered PNGs for ffmpeg.", valueName: "format"))
    var format: MovieMaker.Output = .gif
    @Option(name: .shortAndLong, help: ArgumentHelp("Directory for the frames and movies.", valueName: "dir"))
    var output: String
    @Option(help: ArgumentHelp("Downloads at once.", valueName: "n")) var jobs = 8
    @Flag(help: "One JSON object per movie on stdout (JSON Lines).") var json = false

    func validate() throws {
      try validateRoverName(rover)
      if speed != nil, fps != nil { throw ValidationError("--speed and --fps conflict: give one") }
      if let speed, !(speed.isFinite && speed > 0 && speed <= 1e6) {
        throw ValidationError("--speed must be a number above 0 and at most 1000000, got '\(speed)'")
      }
      if let fps, !(fps.isFinite && fps >= 0.01 && fps <= 50) {
        throw ValidationError("--fps must be from 0.01 to 50, got '\(fps)'")
      }
      if perDrive, sequence != nil {
        throw ValidationError("--per-drive and --sequence conflict: a drive movie spans sequences")
      }
      if !(1...64).contains(jobs) { throw ValidationError("--jobs must be from 1 to 64, got \(jobs)") }
    }

    func run() async throws {
      // Dust-devil movies are subframes, which the raw feeds' default leaves out; thumbnails are dropped by name.
      var partial = rawFeed.options
      partial.includeThumbnails = true
      let client = try client(partial)
      let movies = try await listMovies(client)
      if movies.isEmpty {
        StandardError.line(
          "rover: no movies in \(rover) sol \(selection.sol)" + (sequence.map { " sequence \($0)" } ?? ""))
        return
      }
      if let failure = try await make(movies, client: client) { throw ExitCode(failure) }
    }

    /// Each movie's frames downloaded through the client, then its GIF (or PNGs) written and reported; the exit code
    /// of the first movie with too few frames, if any (any other failure ends the run at once).
    private func make(_ movies: [FrameMovie], client: PhotoClient) async throws -> Int32? {
      let report = MovieReport(json: json)
      var failure: Int32?
      for movie in movies {
        let (_, paths) = try await PhotoSaver(directory: output, jobs: jobs, client: client).save(movie.photos)
        let frames = movie.photos.filter { paths[$0.id] != nil }
        do {
          let result = try await MovieMaker.make(
            id: movie.id, frames: frames.compactMap { paths[$0.id] }, clocks: frames.map(SequenceGrouping.clock),
            into: URL(fileURLWithPath: output), options: options)
          report.written(movie, result)
        } catch {
          StandardError.error("rover: movie \(movie.id): " + ExitStatus.message(for: error))
          guard case .tooFewFrames = error else { throw ExitCode(ExitStatus.code(for: error)) }
          failure = failure ?? ExitStatus.code(for: error)
        }
      }
      return failure
    }

    private var options: MovieMaker.Options {
      let timing: MovieTiming =
        fps.map { .framesPerSecond($0) } ?? speed.map { .speed($0) } ?? (perDrive ? .framesPerSecond(4) : .standard)
      return MovieMaker.Options(timing: timing, difference: diff, output: format)
    }

    /// The sol's (or range's) movies, listed sol by sol; only the movies' photos are kept.
    private func listMovies(_ client: PhotoClient) async throws -> [FrameMovie] {
      var movies: [FrameMovie] = []
      var drives = DriveMovieBuilder()
      let wanted = sequence?.uppercased()
      _ = try await client.forEachBatch(try selection.request(rover: rover)) { photos in
        if perDrive {
          drives.add(photos)
        } else {
          movies += SequenceGrouping.movies(photos).filter { wanted == nil || $0.sequence?.uppercased() == wanted }
        }
      }
      return perDrive ? drives.movies() : movies
    }
  }
}

extension MovieMaker.Output: ExpressibleByArgument {}
