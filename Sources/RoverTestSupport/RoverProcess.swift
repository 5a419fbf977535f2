import Foundation

/// Runs the built `rover` executable (or any executable) the way a user would, for end-to-end tests.
///
/// The child gets a clean, minimal environment: `PATH`, a temporary `HOME`, fresh `XDG_CONFIG_HOME` and
/// `XDG_CACHE_HOME`, and whatever the test passes. So a developer's own `ROVER_*` variables, `NO_COLOR` or
/// `~/.config` can never change a test's outcome. stdout and stderr are captured separately and drained
/// concurrently, so large output cannot deadlock.
public enum RoverProcess {
  /// Runs `rover` with `arguments` and waits for it to exit.
  ///
  /// - Parameters:
  ///   - environment: added to (and overriding) the minimal environment. Pass `XDG_CACHE_HOME` or `HOME`
  ///     yourself to inspect or reuse those directories: the generated ones are deleted when the run ends.
  ///   - stdin: written to the child's standard input, then closed; nil connects `/dev/null`.
  ///   - timeout: the child is killed after this many seconds and `RoverProcessError.timedOut` is thrown.
  public static func run(
    _ arguments: [String], environment: [String: String] = [:], stdin: Data? = nil, currentDirectory: URL? = nil,
    timeout: TimeInterval = 60
  ) async throws -> RoverProcessResult {
    try await run(
      executable: roverExecutableURL(), arguments: arguments, environment: environment, stdin: stdin,
      currentDirectory: currentDirectory, timeout: timeout)
  }

  /// Runs any executable with the same sandboxing as `run(_:...)`; this is how the runner itself is tested.
  public static func run(
    executable: URL, arguments: [String] = [], environment: [String: String] = [:], stdin: Data? = nil,
    currentDirectory: URL? = nil, timeout: TimeInterval = 60
  ) async throws -> RoverProcessResult {
    let child = try start(
      executable: executable, arguments: arguments, environment: environment, stdin: stdin,
      currentDirectory: currentDirectory)
    return try await child.wait(timeout: timeout)
  }

  /// Starts `rover` without waiting, for tests that interact with it while it runs (Ctrl-C).
  public static func start(
    _ arguments: [String], environment: [String: String] = [:], stdin: Data? = nil, currentDirectory: URL? = nil
  ) throws -> RunningRover {
    try start(
      executable: roverExecutableURL(), arguments: arguments, environment: environment, stdin: stdin,
      currentDirectory: currentDirectory)
  }

  /// Starts any executable without waiting.
  public static func start(
    executable: URL, arguments: [String] = [], environment: [String: String] = [:], stdin: Data? = nil,
    currentDirectory: URL? = nil
  ) throws -> RunningRover {
    let sandbox = FileManager.default.temporaryDirectory
      .appendingPathComponent("rover-process-\(UUID().uuidString)", isDirectory: true)
    let childEnvironment = try makeEnvironment(adding: environment, sandbox: sandbox)
    do {
      let spawned = try ChildProcess.spawn(
        executable: executable.path, arguments: arguments, environment: childEnvironment,
        currentDirectory: currentDirectory?.path, hasStdin: stdin != nil)
      return RunningRover(
        spawned: spawned, executableURL: executable, arguments: arguments, stdin: stdin, sandbox: sandbox)
    } catch {
      try? FileManager.default.removeItem(at: sandbox)
      throw error
    }
  }
}
