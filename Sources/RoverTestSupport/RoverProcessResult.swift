import Foundation

/// What a finished child left behind, its streams kept apart so a test can tell output from diagnostics.
public struct RoverProcessResult: Sendable, CustomStringConvertible {
  public let stdoutData: Data
  public let stderrData: Data
  /// The exit status; for a child killed by a signal, 128 + the signal number, as a shell reports it.
  public let exitCode: Int32
  /// The signal that killed the child, or nil when it exited.
  public let terminationSignal: Int32?
  public let duration: TimeInterval

  public init(
    stdoutData: Data, stderrData: Data, exitCode: Int32, terminationSignal: Int32?, duration: TimeInterval
  ) {
    self.stdoutData = stdoutData
    self.stderrData = stderrData
    self.exitCode = exitCode
    self.terminationSignal = terminationSignal
    self.duration = duration
  }

  /// stdout decoded as UTF-8 (invalid bytes become U+FFFD).
  public var stdout: String {
    String(decoding: stdoutData, as: UTF8.self)
  }

  public var stderr: String {
    String(decoding: stderrData, as: UTF8.self)
  }

  /// Everything a failing test needs in one message.
  public var description: String {
    let ending = terminationSignal.map { "signal \($0)" } ?? "exit \(exitCode)"
    return "\(ending) after \(String(format: "%.2f", duration)) s\n--- stdout ---\n\(stdout)\n--- stderr ---\n\(stderr)"
  }
}
