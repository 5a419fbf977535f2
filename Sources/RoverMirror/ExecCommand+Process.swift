import Foundation
import RoverCore

#if canImport(Glibc)
  import Glibc
#endif

extension ExecCommand {
  /// Seconds a program has to end after SIGTERM when rover is stopped, before SIGKILL.
  static let stopGrace: TimeInterval = 2

  /// Finds the program where `posix_spawnp` will look, so a typo stops rover before its first request rather than
  /// failing once for every photo.
  /// - Parameter searchPath: the `PATH` the program will be looked up in (`/bin:/usr/bin` when nil, as glibc does).
  /// - Throws: `ExecCommandError.programNotFound` when no executable file answers to the name.
  package func checkProgram(searchPath: String?) throws {
    let program = words[0]
    let candidates =
      program.contains("/")
      ? [program]
      : (searchPath ?? "/bin:/usr/bin").split(separator: ":", omittingEmptySubsequences: false).map {
        ($0.isEmpty ? "." : String($0)) + "/" + program
      }
    guard candidates.contains(where: Self.isExecutableFile) else { throw ExecCommandError.programNotFound(program) }
  }

  private static func isExecutableFile(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG && access(path, X_OK) == 0
  }

  /// Runs the program and waits for it; returns its exit status (128 + the signal if one ended it). Its stdout
  /// goes to rover's stderr, so rover's stdout stays JSON Lines; its stdin is /dev/null. Cancelling the task
  /// (rover stopped) sends SIGTERM to the program and whatever it started, then SIGKILL after `stopGrace`, so a
  /// stop never waits for a long-running program.
  /// - Throws: `ExecCommandError.refused` (see `arguments(for:path:)`), `.cannotRun`, or `CancellationError` when
  ///   the task was cancelled before the program started.
  package func run(for photo: Photo, path: String?) async throws -> Int32 {
    let arguments = try arguments(for: photo, path: path)
    try Task.checkCancellation()
    let child = ExecChild(pid: try Self.spawn(arguments))
    return await withTaskCancellationHandler {
      // A thread of its own for the wait: on Linux the concurrency pool is libdispatch's global queue, and a
      // program that runs for minutes would hold one of its few threads all that time.
      await withCheckedContinuation { continuation in
        Thread.detachNewThread { continuation.resume(returning: child.waitForExit()) }
      }
    } onCancel: {
      child.stop(grace: Self.stopGrace)
    }
  }

  /// Signals rover blocks on its own threads are unblocked for the program, with their default actions; it leads
  /// a process group of its own, so a stop reaches whatever it starts (a shell's children).
  private static func spawn(_ arguments: [String]) throws -> pid_t {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for number in [SIGINT, SIGTERM, SIGHUP, SIGPIPE] { sigaddset(&defaults, number) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setpgroup(&attributes, 0)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, 2, 1)
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    guard let program = argv[0] else { throw ExecCommandError.empty }
    var pid: pid_t = 0
    let code = posix_spawnp(&pid, program, &actions, &attributes, &argv, environ)
    guard code == 0 else {
      throw ExecCommandError.cannotRun(program: arguments[0], reason: String(cString: strerror(code)))
    }
    return pid
  }
}
