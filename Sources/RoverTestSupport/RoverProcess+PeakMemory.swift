import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension RoverProcess {
  /// A finished run and the most memory the child held at once.
  public struct MeasuredRun: Sendable {
    public let result: RoverProcessResult
    /// rover's peak resident set, in bytes, as GNU time's `%M` reports it for the process it starts.
    public let peakBytes: Int
  }

  /// Runs `rover` like ``run(_:environment:stdin:currentDirectory:timeout:)`` (stdin empty, output captured) and
  /// reports its own peak RSS. rover runs under `/usr/bin/time` (Debian's `time`): Linux charges a process the
  /// high-water mark of the memory it was forked from, so `wait4` on a child of this (large) test process reports
  /// at least the test process's size; time's own child starts from time's few hundred kilobytes. The wait runs on
  /// a thread of its own, never on the cooperative pool.
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
    let peak = sandbox.appendingPathComponent("peak").path
    let timer = "/usr/bin/time"
    guard FileManager.default.isExecutableFile(atPath: timer) else {
      throw RoverProcessError.executableNotFound(searched: [timer + " (apt-get install time)"])
    }
    // A child slot as every other child's: a suite's measured runs started all at once (17 debug rovers reading
    // megabytes of pages on two cores) held the machine for half a minute, and the in-process servers with it.
    await ChildSlots.shared.acquire()
    let started = Date()
    let pid: pid_t
    do {
      pid = try spawn(
        timer, ["-f", "%M", "-o", peak, executable.path] + arguments, environment: full, stdout: out, stderr: err)
    } catch {
      await ChildSlots.shared.release()
      throw error
    }
    let status = await OwnThread.run {
      var status: Int32 = 0
      while waitpid(pid, &status, 0) == -1, errno == EINTR {}
      return status
    }
    await ChildSlots.shared.release()
    // time writes "Command exited with non-zero status N" before the figure when rover fails: the last line counts.
    let report = (try? String(contentsOfFile: peak, encoding: .utf8)) ?? ""
    guard let peakKB = report.split(separator: "\n").last.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) })
    else {
      let said = (try? String(contentsOfFile: err, encoding: .utf8)) ?? ""
      throw RoverProcessError.conditionNotMet("a peak RSS from /usr/bin/time in \(peak)", stdout: report, stderr: said)
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
