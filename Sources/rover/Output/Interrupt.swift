import Dispatch
import Foundation
import RoverCore

/// Turns Ctrl-C, `kill` (SIGTERM: what `timeout`, systemd and CI send) and a closed terminal (SIGHUP) into task
/// cancellation, so every in-flight request and download unwinds, cleans up and prints its summary; the exit
/// code then says which signal it was (128 + its number).
enum Interrupt {
  static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]
  /// The first signal and when it came (`DispatchTime` nanoseconds).
  private static let received = Locked<(number: Int32, at: UInt64)?>(nil)
  /// A signal this soon after the first is the same request sent twice (GNU `timeout` signals the command and
  /// then its process group), not a second one; no one presses Ctrl-C twice within it.
  static let repeatWindow: UInt64 = 300_000_000
  /// After the first signal, work has this long to unwind and print its summary; then the process exits anyway, so
  /// no blocking call (a device read, a file lock, a C library's wait) can keep a stopped run alive.
  static let graceSeconds = 5

  /// The exit code for a run the user stopped: 130 for Ctrl-C, 143 for SIGTERM, 129 for SIGHUP.
  static var exitCode: Int32 { 128 + (received.current?.number ?? SIGINT) }

  static func run(_ body: @escaping @Sendable () async throws -> Void) async throws -> Int32 {
    let task = Task { try await body() }
    let sources = signals.map { number in
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { @Sendable in
        // A second signal means "now": the first one's clean-up is taking too long for the user.
        let now = DispatchTime.now().uptimeNanoseconds
        let first = received.withLock { current in
          defer { current = current ?? (number, now) }
          return current
        }
        if let first, now - first.at >= repeatWindow {
          StandardError.clearStatus()
          _exit(exitCode)
        }
        if first == nil {
          DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(graceSeconds), execute: giveUp)
        }
        task.cancel()
      }
      source.resume()
      return source
    }
    defer { sources.forEach { $0.cancel() } }
    try await task.value
    return 0
  }

  /// The grace period is over and the run is still going: say so and exit with the signal's code.
  @Sendable private static func giveUp() {
    StandardError.clearStatus()
    StandardError.line("rover: still stopping after \(graceSeconds) s; exiting without waiting further")
    _exit(exitCode)
  }
}
