import Foundation
import Subprocess

#if canImport(System)
  import System
#else
  import SystemPackage
#endif

/// A child process still running, for tests that act while it runs: wait for a transfer to start, send SIGINT,
/// then check the exit code and that partial files were cleaned up.
///
/// swift-subprocess spawns it (signal mask and dispositions reset, stray descriptors closed, its own process
/// group) and reaps it; its `Execution` may not leave `run`'s closure, so signals reach the child through a stream
/// that the closure relays. Dropping the last reference kills a child still running.
public final class RunningRover: Sendable {
  private struct State {
    var stdout = Data()
    var stderr = Data()
    /// When the child got a slot and was spawned; nil while it waits for one (see `ChildSlots`).
    var startedAt: Date?
    /// Set once the child has exited and both streams are closed.
    var result: RoverProcessResult?
  }

  private let state = Watched(State())
  private let signals: AsyncStream<Int32>.Continuation
  private let task: Task<Void, Never>

  /// `sandbox` holds the temporary HOME and XDG directories made for this run, removed once it is over.
  init(
    executable: URL, arguments: [String], environment: [String: String], stdin: Data?, currentDirectory: URL?,
    sandbox: URL
  ) {
    let (requested, signals) = AsyncStream.makeStream(of: Int32.self)
    self.signals = signals
    let state = state
    var options = PlatformOptions()
    // Its own process group, so a timeout also kills whatever the child started.
    options.processGroupID = 0
    let configuration = Configuration(
      executable: .path(FilePath(executable.path)), arguments: Arguments(arguments),
      environment: .custom(Dictionary(uniqueKeysWithValues: environment.map { (.init(stringLiteral: $0), $1) })),
      workingDirectory: currentDirectory.map { FilePath($0.path) }, platformOptions: options)
    task = Task {
      await ChildSlots.shared.acquire()
      let started = Date()
      state.update { $0.startedAt = started }
      let status: TerminationStatus?
      do {
        status = try await Subprocess.run(
          configuration, input: .data(stdin ?? Data()), output: .sequence, error: .sequence
        ) { execution in
          await withTaskGroup(of: Void.self) { group in
            group.addTask {
              for await signal in requested {
                try? execution.send(signal: Signal(rawValue: signal), toProcessGroup: signal == SIGKILL)
              }
            }
            async let stdout: Void = Self.drain(execution.standardOutput, into: state, \.stdout)
            async let stderr: Void = Self.drain(execution.standardError, into: state, \.stderr)
            _ = await (stdout, stderr)
            group.cancelAll()
          }
        }.terminationStatus
      } catch {
        state.update { $0.stderr += Data("could not run \(executable.path): \(error)\n".utf8) }
        status = nil
      }
      await ChildSlots.shared.release()
      // Off Swift's thread pool: a delete can block for long on a busy disk, and the servers need the pool.
      DispatchQueue.global(qos: .utility).async { try? FileManager.default.removeItem(at: sandbox) }
      state.update { state in
        let (code, signal): (Int32, Int32?) =
          switch status {
          case .exited(let code): (code, nil)
          case .signaled(let signal): (128 + signal, signal)
          case nil: (-1, nil)
          }
        state.result = RoverProcessResult(
          stdoutData: state.stdout, stderrData: state.stderr, exitCode: code, terminationSignal: signal,
          duration: Date().timeIntervalSince(started))
      }
    }
  }

  deinit {
    task.cancel()
    signals.finish()
  }

  public var stdout: String { String(decoding: state.snapshot.value.stdout, as: UTF8.self) }
  public var stderr: String { String(decoding: state.snapshot.value.stderr, as: UTF8.self) }

  public var isRunning: Bool {
    state.snapshot.value.result == nil
  }

  /// Sends SIGINT to the child alone, as Ctrl-C would to a single-process foreground job.
  public func interrupt() {
    signals.yield(SIGINT)
  }

  /// Sends SIGTERM to the child.
  public func terminate() {
    signals.yield(SIGTERM)
  }

  /// Sends any signal to the child (SIGHUP: its terminal went away).
  public func send(signal: Int32) {
    signals.yield(signal)
  }

  /// Sends SIGKILL to the child and everything it started.
  public func kill() {
    signals.yield(SIGKILL)
  }

  /// Waits for the child to exit and its streams to close. On timeout (counted from when it started: it may wait
  /// for a slot first) or task cancellation the child is killed; a timeout throws `RoverProcessError.timedOut`.
  public func wait(timeout: TimeInterval = 60) async throws -> RoverProcessResult {
    let called = Date()
    while true {
      let (now, version) = state.snapshot
      if let result = now.result { return result }
      let deadline = deadline(timeout, calledAt: called)
      if let deadline, Date() >= deadline {
        kill()
        await task.value
        throw RoverProcessError.timedOut(seconds: timeout, partial: try await wait(timeout: 0))
      }
      await state.changed(since: version, before: deadline)
      if Task.isCancelled {
        kill()
        throw CancellationError()
      }
    }
  }

  /// Checks `condition` now and after each change (output, start, exit) until it holds. Throws `conditionNotMet`
  /// on timeout, or once the child has exited without the condition holding.
  public func waitUntil(
    _ description: String = "condition", timeout: TimeInterval = 10, _ condition: (RunningRover) -> Bool
  ) async throws {
    let called = Date()
    while true {
      let version = state.snapshot.version
      let settled = !isRunning
      if condition(self) { return }
      let deadline = deadline(timeout, calledAt: called)
      if settled || deadline.map({ Date() >= $0 }) == true {
        throw RoverProcessError.conditionNotMet(description, stdout: stdout, stderr: stderr)
      }
      // The child's output and end wake the wait; a condition on a server or the file system has no such event,
      // so it is looked at again at least every 20 ms.
      let recheck = Date().addingTimeInterval(0.02)
      await state.changed(since: version, before: deadline.map { min($0, recheck) } ?? recheck)
      try Task.checkCancellation()
    }
  }

  /// `timeout` after the later of the call and the child's start; nil while the child waits for a slot.
  private func deadline(_ timeout: TimeInterval, calledAt called: Date) -> Date? {
    state.snapshot.value.startedAt.map { max($0, called).addingTimeInterval(timeout) }
  }

  private static func drain(
    _ output: SubprocessOutputSequence, into state: Watched<State>, _ stream: WritableKeyPath<State, Data> & Sendable
  ) async {
    do {
      for try await buffer in output {
        let bytes = buffer.withUnsafeBytes { Data($0) }
        state.update { $0[keyPath: stream].append(bytes) }
      }
    } catch {
      // The pipe failed or the run was cancelled: what arrived so far is all there is.
    }
  }
}
