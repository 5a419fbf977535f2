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

  /// The pipe the signal handler writes each signal's number into, read by the thread ``run(_:)`` starts.
  ///
  /// Not a `DispatchSource`: on Linux libdispatch reads signals through a `signalfd`, and a signal taken by a
  /// thread that does not block it is raised again at the thread that registered the source. An async `main`
  /// parks the main thread in `sigsuspend` with no signal blocked, so it takes them; the registering thread is a
  /// pool worker, which may have exited by then, and the signal was lost (under load, a Ctrl-C rover never
  /// answered). A handler on whichever thread takes the signal writes one byte here: nothing is lost.
  private static let pipe: (read: Int32, write: Int32) = {
    var descriptors: [Int32] = [-1, -1]
    guard Glibc.pipe(&descriptors) == 0 else { return (-1, -1) }
    // Not inherited by `--exec` children.
    for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
    return (descriptors[0], descriptors[1])
  }()

  /// The run's work, once made. A signal that comes before it is remembered in `received`, and cancels it as soon
  /// as it is set.
  private static let work = Locked<Task<Void, any Error>?>(nil)

  static func run(_ body: @escaping @Sendable () async throws -> Void) async throws -> Int32 {
    let descriptors = pipe
    if descriptors.read >= 0 {
      // The handler before the work: the work starts on the pool at once, and a signal sent as soon as it said
      // something (it waited on a lock within 0.2 s) found no handler yet and ended rover by its default action.
      Thread.detachNewThread { listen(on: descriptors.read) }
      installHandler()
    }
    let task = Task { try await body() }
    // Set before `received` is read, as `stop` records before it reads `work`: one of the two sees the other.
    work.withLock { $0 = task }
    if received.current != nil { task.cancel() }
    try await task.value
    return 0
  }

  private static func installHandler() {
    var action = sigaction()
    // Async-signal-safe: one `write` of the signal's number, errno kept for the interrupted code.
    action.__sigaction_handler.sa_handler = { number in
      let saved = errno
      var byte = UInt8(truncatingIfNeeded: number)
      _ = write(Interrupt.pipe.write, &byte, 1)
      errno = saved
    }
    sigemptyset(&action.sa_mask)
    action.sa_flags = SA_RESTART
    for number in signals { sigaction(number, &action, nil) }
  }

  /// Reads the signals the handler passes on, for as long as the process lives, and ends the grace period itself:
  /// a timer on the pool would wait for a thread, and the pool's threads may be the ones stuck in a C call.
  private static func listen(on descriptor: Int32) {
    while true {
      var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      // After the first signal, no longer than what is left of its grace period (timed from its arrival).
      let wait = received.current.map { first in
        let end = first.at + UInt64(graceSeconds) * 1_000_000_000
        let now = DispatchTime.now().uptimeNanoseconds
        return Int32(clamping: (end > now ? end - now : 0) / 1_000_000)
      }
      let ready = poll(&watched, 1, wait ?? -1)
      if ready < 0 && errno == EINTR { continue }
      if ready == 0 { giveUp() }
      var byte: UInt8 = 0
      let count = read(descriptor, &byte, 1)
      if count < 0 && errno == EINTR { continue }
      guard count == 1 else { return }
      stop(Int32(byte))
    }
  }

  /// The first signal cancels the work and starts the grace period; a second one, past ``repeatWindow``, exits.
  private static func stop(_ number: Int32) {
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
    work.current?.cancel()
  }

  /// The grace period is over and the run is still going: say so and exit with the signal's code.
  private static func giveUp() -> Never {
    StandardError.clearStatus()
    StandardError.line("rover: still stopping after \(graceSeconds) s; exiting without waiting further")
    _exit(exitCode)
  }
}
