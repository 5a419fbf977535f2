import Foundation

/// Fresh places under the system's temporary directory, a new one per call, so tests running in parallel never
/// share one. Nothing removes them: a failed test's files stay for a look.
public enum TestDirectory {
  /// A new, empty directory.
  public static func make(_ prefix: String = "rover-test") throws -> URL {
    let url = unused(prefix)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// A path nothing exists at yet, for code under test that creates what it needs there itself.
  public static func unused(_ prefix: String = "rover-test") -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
  }
}
