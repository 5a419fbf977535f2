// assemble-sol ROVER SOL DIR: every tiled exposure of one sol (Perseverance's Navcams and Hazcams) downloaded into
// DIR at full size and rebuilt as one frame, NAME.png; one line per frame: `NAME WIDTHxHEIGHT tiles 1,2,… missing …`.
// Exit 1, with one line on stderr, when anything failed.
import Foundation
import RoverCore
import RoverImaging

@main
struct AssembleSol {
  static func main() async {
    let arguments = CommandLine.arguments
    do {
      guard arguments.count == 4, let sol = Int(arguments[2]) else {
        throw Failure("usage: assemble-sol ROVER SOL DIR")
      }
      let settings = try ConnectionSettings.fromEnvironment(ProcessInfo.processInfo.environment)
      // Tiles are placed by their subframes, which describe the original PNGs: fetch those, not the resized JPEGs.
      let client = try PhotoClient(settings: settings)
      var photos: [Photo] = []
      for try await var photo in client.photos(of: arguments[1], sol: sol) {
        if let full = photo.imageURLs["full"] { photo.imageSource = full.absoluteString }
        photos.append(photo)
      }
      let exposures = TiledExposure.group(photos)
      let directory = URL(fileURLWithPath: arguments[3])
      let downloader = client.downloader(DownloadOptions(outputDirectory: directory))
      var files: [PhotoID: String] = [:]
      let tiles = AsyncStream<Photo> { continuation in
        for tile in exposures.flatMap(\.tiles) { continuation.yield(tile) }
        continuation.finish()
      }
      for try await result in downloader.results(for: tiles) {
        if case .failed = result.outcome { continue }
        files[result.photo.id] = directory.appendingPathComponent(result.path).path
      }
      var failed = 0
      for exposure in exposures {
        do {
          let frame = try FrameAssembler().assemble(exposure) { files[$0.id] }
          try ImageCodec.writePNG(frame.raster, to: directory.appendingPathComponent(frame.report.name + ".png").path)
          let report = frame.report
          print(
            "\(report.name) \(report.width)x\(report.height) tiles \(report.tilesUsed.map(String.init).joined(separator: ","))"
              + " missing \(report.tilesMissing.map(String.init).joined(separator: ","))")
        } catch {
          failed += 1
          FileHandle.standardError.write(Data("assemble-sol: \(error.path): \(error.reason)\n".utf8))
        }
      }
      if failed > 0 { throw Failure("\(failed) frame\(failed == 1 ? "" : "s") failed") }
    } catch {
      FileHandle.standardError.write(Data("assemble-sol: \(error.localizedDescription)\n".utf8))
      exit(1)
    }
  }

  struct Failure: LocalizedError {
    var errorDescription: String?
    init(_ message: String) { errorDescription = message }
  }
}
