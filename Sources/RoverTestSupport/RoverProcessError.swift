import Foundation

/// Why a child could not be run or waited for; each case says enough to fix the test setup from a CI log.
public enum RoverProcessError: Error, Sendable, CustomStringConvertible {
  /// No `rover` executable was found; `searched` lists the places tried.
  case executableNotFound(searched: [String])
  /// The child outlived its time and was killed; `partial` holds what it wrote.
  case timedOut(seconds: TimeInterval, partial: RoverProcessResult)
  /// `waitUntil` gave up; the streams so far are attached.
  case conditionNotMet(String, stdout: String, stderr: String)

  public var description: String {
    switch self {
    case .executableNotFound(let searched):
      "rover executable not found (set ROVER_BINARY or build the package); searched:\n"
        + searched.joined(separator: "\n")
    case .timedOut(let seconds, let partial):
      "child still running after \(seconds) s and was killed; \(partial)"
    case .conditionNotMet(let condition, let stdout, let stderr):
      "gave up waiting for \(condition)\n--- stdout ---\n\(stdout)\n--- stderr ---\n\(stderr)"
    }
  }
}
