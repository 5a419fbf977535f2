import Foundation

extension RoverProcess {
  /// The `rover` executable under test: `ROVER_BINARY` if set, else the one SwiftPM built next to the test bundle.
  ///
  /// `swift test` runs `<scratch>/<triple>/debug/<Package>PackageTests.xctest`, and the products it builds sit in
  /// that same directory; walking up from the running test binary finds it whatever `--scratch-path` was used.
  public static func roverExecutableURL() throws -> URL {
    try located.get()
  }

  private static let located: Result<URL, RoverProcessError> = locate(
    environment: ProcessInfo.processInfo.environment, startingPoints: startingPoints())

  static func locate(environment: [String: String], startingPoints: [URL]) -> Result<URL, RoverProcessError> {
    if let override = environment["ROVER_BINARY"], !override.isEmpty {
      let url = URL(fileURLWithPath: override)
      return isExecutableFile(url)
        ? .success(url) : .failure(.executableNotFound(searched: ["ROVER_BINARY=" + override]))
    }
    var searched: [String] = []
    for start in startingPoints {
      var directory = start.resolvingSymlinksInPath()
      if !isDirectory(directory) {
        directory.deleteLastPathComponent()
      }
      for _ in 0..<4 {
        let candidate = directory.appendingPathComponent("rover")
        if !searched.contains(candidate.path) {
          searched.append(candidate.path)
          if isExecutableFile(candidate) { return .success(candidate) }
        }
        directory.deleteLastPathComponent()
      }
    }
    return .failure(.executableNotFound(searched: searched))
  }

  /// Where the running test binary is, by every route that works on Linux and macOS.
  private static func startingPoints() -> [URL] {
    var points: [URL] = []
    if let executable = Bundle.main.executableURL {
      points.append(executable)
    }
    points.append(Bundle.main.bundleURL)
    points += Bundle.allBundles.map(\.bundleURL).filter { $0.pathExtension == "xctest" }
    if let first = CommandLine.arguments.first {
      points.append(URL(fileURLWithPath: first))
    }
    points += CommandLine.arguments.filter { $0.hasSuffix(".xctest") }.map { URL(fileURLWithPath: $0) }
    return points
  }

  private static func isExecutableFile(_ url: URL) -> Bool {
    !isDirectory(url) && FileManager.default.isExecutableFile(atPath: url.path)
  }

  private static func isDirectory(_ url: URL) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
  }
}
