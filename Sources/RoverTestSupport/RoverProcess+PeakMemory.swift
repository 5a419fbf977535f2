import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension RoverProcess {
  /// A finished run and the most memory the child held at once.
  public struct MeasuredRun: Sendable {
    public let result: RoverProcessResult
    /// The child's peak resident set, in bytes (`ru_maxrss` of that child alone, from `wait4`).
    public let peakBytes: Int
  }

  /// Runs `rover` like ``run(_:environment:stdin:currentDirectory:timeout:)`` (stdin empty, output captured) and
  /// reports its own peak RSS: `wait4` gives the child's `rusage` alone, where `RUSAGE_CHILDREN` would mix in every
  /// other test's children. The wait runs on a thread of its own, never on the cooperative pool.
  /// - Throws: `RoverProcessError.executableNotFound`, or POSIX errors from spawning.
  public static func runMeasuringMemory(
    _ arguments: [String], environment: [String: String] = [:]
  ) async throws -> MeasuredRun {
    let executable = try roverExecutableURL()
    let sandbox = TestDirectory.unused("rover-measured")
    try FileManager.default.createDirectory(at: sandbox, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: sandbox) }
    let full = try makeEnvironment(adding: environment, sandbox: sandbox)
    let out = sandbox.appendingPathComponent("stdout").path
    let err = sandbox.appendingPathComponent("stderr").path
    let started = Date()
    let pid = try spawn(executable.path, arguments, environment: full, stdout: out, stderr: err)
    let (status, peakKB) = await withCheckedContinuation { continuation in
      Thread.detachNewThread {
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) == -1, errno == EINTR {}
        continuation.resume(returning: (status, Int(usage.ru_maxrss)))
      }
    }
    // The wait status: low 7 bits the signal that ended the child (0 for an exit), bits 8–15 the exit code.
    let signal = status & 0x7F
    let result = RoverProcessResult(
      stdoutData: (try? Data(contentsOf: URL(fileURLWithPath: out))) ?? Data(),
      stderrData: (try? Data(contentsOf: URL(fileURLWithPath: err))) ?? Data(),
      exitCode: signal == 0 ? (status >> 8) & 0xFF : 128 + signal, terminationSignal: signal == 0 ? nil : signal,
      duration: Date().timeIntervalSince(started))
    return MeasuredRun(result: result, peakBytes: peakKB * 1024)
  }

  /// posix_spawn with stdin from /dev/null, stdout and stderr to files, and default signal dispositions and mask
  /// (a child spawned from a Swift concurrency thread would otherwise inherit SIGINT/SIGTERM blocked).
  private static func spawn(
    _ path: String, _ arguments: [String], environment: [String: String], stdout: String, stderr: String
  ) throws -> pid_t {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    var all = sigset_t()
    sigfillset(&all)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    let argv = ([path] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var pid: pid_t = 0
    let code = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
    guard code == 0 else { throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EINVAL) }
    return pid
  }
}
