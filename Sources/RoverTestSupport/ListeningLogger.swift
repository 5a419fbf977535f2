import FlyingSocks
import Foundation

/// Tells `TestHTTPServer` the port FlyingFox listens on, the moment `listen()` has returned.
///
/// FlyingFox reports its port only through its actor, and waiting on the actor from a blocked caller can starve
/// Swift's thread pool (see `ServerThread`). It logs "starting server 127.0.0.1:<port>" synchronously right after
/// `listen()`, so this logger is the one signal that needs no hop. Everything else it is told is dropped.
final class ListeningLogger: Logging, Sendable {
  private let port = Locked<Int?>(nil)
  private let listening = DispatchSemaphore(value: 0)

  /// Blocks until the server listens; nil if it did not within `timeout` (it failed to bind, say).
  func waitForPort(timeout: TimeInterval) -> Int? {
    guard listening.wait(timeout: .now() + timeout) == .success else { return nil }
    return port.withLock { $0 }
  }

  func logInfo(_ info: @autoclosure () -> String) {
    let message = info()
    guard message.hasPrefix("starting server"), let text = message.split(separator: ":").last,
      let number = Int(text)
    else { return }
    port.withLock { $0 = number }
    listening.signal()
  }

  func logDebug(_ debug: @autoclosure () -> String) {}
  func logWarning(_ warning: @autoclosure () -> String) {}
  func logError(_ error: @autoclosure () -> String) {}
  func logCritical(_ critical: @autoclosure () -> String) {}
}
