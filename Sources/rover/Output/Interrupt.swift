import Dispatch
import Foundation

/// Turns Ctrl-C into task cancellation, so every in-flight request and download unwinds and cleans up.
enum Interrupt {
  static func run(_ body: @escaping @Sendable () async throws -> Void) async throws -> Int32 {
    signal(SIGINT, SIG_IGN)
    let task = Task { try await body() }
    let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
    source.setEventHandler { @Sendable in
      // A second Ctrl-C means "now": the first one's clean-up is taking too long for the user.
      if task.isCancelled { _exit(130) }
      task.cancel()
    }
    source.resume()
    defer { source.cancel() }
    try await task.value
    return 0
  }
}
