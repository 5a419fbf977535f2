import Foundation

extension RoverProcess {
  /// The `rover` executable under test: `ROVER_BINARY` if set, else the one SwiftPM built beside the test binary
  /// (`swift test` runs `<scratch>/<triple>/debug/<Package>PackageTests.xctest`, next to the products it built).
  public static func roverExecutableURL() throws -> URL {
    try located.get()
  }

  private static let located: Result<URL, RoverProcessError> = {
    if let override = ProcessInfo.processInfo.environment["ROVER_BINARY"], !override.isEmpty {
      return FileManager.default.isExecutableFile(atPath: override)
        ? .success(URL(fileURLWithPath: override)) : .failure(.executableNotFound(searched: [override]))
    }
    let testBinary = URL(fileURLWithPath: CommandLine.arguments.first ?? ".").resolvingSymlinksInPath()
    let candidates = [Bundle.main.bundleURL, testBinary.deletingLastPathComponent()]
      .flatMap { [$0, $0.deletingLastPathComponent()] }.map { $0.appendingPathComponent("rover") }
    let found = candidates.first { candidate in
      var isDirectory: ObjCBool = false
      return FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory) && !isDirectory.boolValue
        && FileManager.default.isExecutableFile(atPath: candidate.path)
    }
    return found.map { .success($0) } ?? .failure(.executableNotFound(searched: candidates.map(\.path)))
  }()
}
