import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A child process still running, for tests that act while it runs: wait for "downloading" on stderr, send
/// SIGINT, then check the exit code and that partial files were cleaned up.
///
/// Signals go only to a child that has not been reaped, checked under the same lock the reaper uses, so a late
/// `interrupt()` can never hit a process that reused the pid. Dropping the last reference kills a child still
/// running, so a failed test does not leave it behind.
public final class RunningRover: Sendable {
  private struct ExitState {
    var exited = false
    var termination: ChildProcess.Termination?
    var endedAt: Date?
  }

  public let processIdentifier: Int32
  public let executableURL: URL
  public let arguments: [String]
  private let startedAt = Date()
  private let stdoutCapture: OutputCapture
  private let stderrCapture: OutputCapture
  private let exit = Locked(ExitState())
  /// The temporary HOME and XDG directories made for this run, removed once it is over.
  private let sandbox: URL?

  init(spawned: ChildProcess.Spawned, executableURL: URL, arguments: [String], stdin: Data?, sandbox: URL?) {
    processIdentifier = spawned.pid
    self.executableURL = executableURL
    self.arguments = arguments
    self.sandbox = sandbox
    stdoutCapture = OutputCapture(fd: spawned.stdoutReader, name: "RunningRover.stdout.\(spawned.pid)")
    stderrCapture = OutputCapture(fd: spawned.stderrReader, name: "RunningRover.stderr.\(spawned.pid)")
    if let writer = spawned.stdinWriter {
      let input = stdin ?? Data()
      Thread { Self.feed(input, to: writer) }.start()
    }
    let pid = spawned.pid
    Thread { [exit] in
      let termination = ChildProcess.waitForExit(of: pid) { exit.withLock { $0.exited = true } }
      exit.withLock { state in
        state.termination = termination
        state.endedAt = Date()
      }
    }.start()
  }

  deinit {
    if !sendSignal(SIGKILL, toGroup: true) && !(stdoutCapture.isFinished && stderrCapture.isFinished) {
      killLeftovers()
    }
    stdoutCapture.abandon()
    stderrCapture.abandon()
    removeSandbox()
  }

  /// What the child has written to stdout so far.
  public var stdoutData: Data { stdoutCapture.data }
  public var stderrData: Data { stderrCapture.data }
  public var stdout: String { String(decoding: stdoutCapture.data, as: UTF8.self) }
  public var stderr: String { String(decoding: stderrCapture.data, as: UTF8.self) }

  public var isRunning: Bool {
    exit.withLock { !$0.exited }
  }

  /// Sends SIGINT to the child alone, as Ctrl-C would to a single-process foreground job.
  public func interrupt() {
    _ = sendSignal(SIGINT)
  }

  /// Sends SIGTERM to the child.
  public func terminate() {
    _ = sendSignal(SIGTERM)
  }

  /// Sends SIGKILL to the child and everything it started.
  public func kill() {
    _ = sendSignal(SIGKILL, toGroup: true)
  }

  /// Sends any signal to the child; false when it has already exited.
  @discardableResult
  public func send(signal: Int32) -> Bool {
    sendSignal(signal)
  }

  /// Waits for the child to exit and its streams to close. On timeout or task cancellation the child is killed;
  /// a timeout then throws `RoverProcessError.timedOut` with what it wrote.
  public func wait(timeout: TimeInterval = 60) async throws -> RoverProcessResult {
    let deadline = Date().addingTimeInterval(timeout)
    while isRunning {
      if Date() >= deadline {
        kill()
        await settle()
        throw RoverProcessError.timedOut(seconds: timeout, partial: result())
      }
      do {
        try await Task.sleep(nanoseconds: 5_000_000)
      } catch {
        kill()
        throw error
      }
    }
    await settle()
    return result()
  }

  /// Waits until `stream` contains `text`. Throws `conditionNotMet` on timeout, or at once if the child exited
  /// without writing it.
  public func waitForOutput(
    containing text: String, on stream: RoverOutputStream = .either, timeout: TimeInterval = 10
  ) async throws {
    try await waitUntil("\"\(text)\" on \(stream)", timeout: timeout) { child in
      switch stream {
      case .stdout: child.stdout.contains(text)
      case .stderr: child.stderr.contains(text)
      case .either: child.stdout.contains(text) || child.stderr.contains(text)
      }
    }
  }

  /// Polls `condition` every 10 ms until it holds. Throws `conditionNotMet` on timeout, or once the child has
  /// exited and its output is complete without the condition holding.
  public func waitUntil(
    _ description: String = "condition", timeout: TimeInterval = 10, _ condition: (RunningRover) -> Bool
  ) async throws {
    let deadline = Date().addingTimeInterval(timeout)
    while true {
      let settled = !isRunning && stdoutCapture.isFinished && stderrCapture.isFinished
      if condition(self) { return }
      if settled || Date() >= deadline {
        throw RoverProcessError.conditionNotMet(description, stdout: stdout, stderr: stderr)
      }
      try await Task.sleep(nanoseconds: 10_000_000)
    }
  }

  /// After exit: gives the streams a moment to reach end of file; if something the child started still holds
  /// them, kills it, then gives up on the streams.
  private func settle() async {
    for attempt in 0..<300 {
      if !isRunning && stdoutCapture.isFinished && stderrCapture.isFinished { break }
      if attempt == 200 { killLeftovers() }
      try? await Task.sleep(nanoseconds: 10_000_000)
    }
    stdoutCapture.abandon()
    stderrCapture.abandon()
    removeSandbox()
  }

  private func result() -> RoverProcessResult {
    let (termination, endedAt) = exit.withLock { ($0.termination, $0.endedAt) }
    let code: Int32
    let signal: Int32?
    switch termination {
    case .exited(let status):
      code = status
      signal = nil
    case .signaled(let number):
      code = 128 + number
      signal = number
    case nil:
      code = -1
      signal = nil
    }
    return RoverProcessResult(
      stdoutData: stdoutCapture.data, stderrData: stderrCapture.data, exitCode: code, terminationSignal: signal,
      duration: (endedAt ?? Date()).timeIntervalSince(startedAt))
  }

  /// Signals the child (or its process group) if it has not exited; the check and the signal share the reaper's
  /// lock, so the pid is still ours.
  private func sendSignal(_ signal: Int32, toGroup: Bool = false) -> Bool {
    exit.withLock { state in
      guard !state.exited else { return false }
      #if canImport(Glibc)
        return Glibc.kill(toGroup ? -processIdentifier : processIdentifier, signal) == 0
      #else
        return Darwin.kill(toGroup ? -processIdentifier : processIdentifier, signal) == 0
      #endif
    }
  }

  /// Kills what the child left running in its process group. Only called while a stream is still open, which
  /// means a member of the group is alive and the group id cannot have been reused.
  private func killLeftovers() {
    #if canImport(Glibc)
      _ = Glibc.kill(-processIdentifier, SIGKILL)
    #else
      _ = Darwin.kill(-processIdentifier, SIGKILL)
    #endif
  }

  private func removeSandbox() {
    if let sandbox {
      try? FileManager.default.removeItem(at: sandbox)
    }
  }

  /// Writes stdin on its own thread with SIGPIPE blocked there, so a child that exits without reading makes the
  /// write fail with EPIPE instead of killing the test process.
  private static func feed(_ data: Data, to fd: Int32) {
    var blocked = sigset_t()
    sigemptyset(&blocked)
    sigaddset(&blocked, SIGPIPE)
    pthread_sigmask(SIG_BLOCK, &blocked, nil)
    defer { close(fd) }
    var offset = 0
    let bytes = [UInt8](data)
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
      if written > 0 {
        offset += written
      } else if written < 0 && errno == EINTR {
        continue
      } else {
        return
      }
    }
  }
}
