import Foundation

/// Runs the built `rover` executable (or any executable) the way a user would, for end-to-end tests.
///
/// The child gets a clean, minimal environment: `PATH`, a temporary `HOME`, fresh `XDG_CONFIG_HOME` and
/// `XDG_CACHE_HOME`, and whatever the test passes. So a developer's own `ROVER_*` variables, `NO_COLOR` or
/// `~/.config` can never change a test's outcome. stdout and stderr are captured separately.
public enum RoverProcess {
  /// Runs `rover` with `arguments` and waits for it to exit.
  ///
  /// - Parameters:
  ///   - environment: added to (and overriding) the minimal environment. Pass `XDG_CACHE_HOME` or `HOME`
  ///     yourself to inspect or reuse those directories: the generated ones are deleted when the run ends.
  ///   - stdin: written to the child's standard input, then closed; nil gives it an empty one.
  ///   - timeout: the child is killed after this many seconds and `RoverProcessError.timedOut` is thrown.
  public static func run(
    _ arguments: [String], environment: [String: String] = [:], stdin: Data? = nil, currentDirectory: URL? = nil,
    timeout: TimeInterval = 60
  ) async throws -> RoverProcessResult {
    try await run(
      executable: roverExecutableURL(), arguments: arguments, environment: environment, stdin: stdin,
      currentDirectory: currentDirectory, timeout: timeout)
  }

  /// Runs any executable with the same sandboxing as `run(_:...)`.
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
    guard FileManager.default.isExecutableFile(atPath: executable.path) else {
      throw RoverProcessError.executableNotFound(searched: [executable.path])
    }
    _ = ignoreSIGPIPE
    let sandbox = TestDirectory.unused("rover-process")
    return RunningRover(
      executable: executable, arguments: arguments,
      environment: try makeEnvironment(adding: environment, sandbox: sandbox),
      stdin: stdin, currentDirectory: currentDirectory, sandbox: sandbox)
  }

  /// swift-subprocess writes stdin with a plain `write`: a child that exits without reading it would raise SIGPIPE
  /// and kill the whole test process. Ignored here once; children start with default dispositions again.
  private static let ignoreSIGPIPE: Void = {
    signal(SIGPIPE, SIG_IGN)
  }()
}
