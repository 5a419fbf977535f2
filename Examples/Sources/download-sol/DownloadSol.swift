// download-sol ROVER SOL DIR: downloads one sol into DIR, one line per photo as each completes:
// `downloaded|skipped|failed <id> <path or error>`. Exit 1, with one line on stderr, when anything failed.
import Foundation
import RoverCore

@main
struct DownloadSol {
  static func main() async {
    let arguments = CommandLine.arguments
    do {
      guard arguments.count == 4, let sol = Int(arguments[2]) else {
        throw Failure("usage: download-sol ROVER SOL DIR")
      }
      let settings = try ConnectionSettings.fromEnvironment(ProcessInfo.processInfo.environment)
      let client = try PhotoClient(settings: settings)
      let photos = client.photos(of: arguments[1], sol: sol)
      let directory = URL(fileURLWithPath: arguments[3])
      // The client's downloader fetches the images with the listing's settings: engine, CA file, timeout, rate.
      let downloader = client.downloader(DownloadOptions(outputDirectory: directory))
      var failed = 0
      for try await result in downloader.results(for: photos) {
        let path = directory.appendingPathComponent(result.path).path
        switch result.outcome {
        case .downloaded: print("downloaded \(result.photo.id) \(path)")
        case .skipped: print("skipped \(result.photo.id) \(path)")
        case .failed(let error):
          failed += 1
          print("failed \(result.photo.id) \(error.localizedDescription)")
        }
      }
      if failed > 0 { throw Failure("\(failed) photo\(failed == 1 ? "" : "s") failed") }
    } catch {
      FileHandle.standardError.write(Data("download-sol: \(error.localizedDescription)\n".utf8))
      exit(1)
    }
  }

  struct Failure: LocalizedError {
    var errorDescription: String?
    init(_ message: String) { errorDescription = message }
  }
}
