import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Spawns a child with `posix_spawn` and reaps it.
///
/// Done by hand rather than with Foundation's `Process` for what it does not offer: ignored signals reset to their
/// defaults (a runner that ignores SIGPIPE or SIGINT must not pass that on), an explicitly empty signal mask (Swift
/// concurrency threads block nearly every signal, and a child spawned from one without this starts with SIGINT and
/// SIGTERM blocked), its own process group so a timeout also kills what it started, and reaping that lets signals
/// be sent without racing pid reuse.
enum ChildProcess {
  /// The parent's ends of the child's standard streams.
  struct Spawned {
    let pid: pid_t
    let stdinWriter: Int32?
    let stdoutReader: Int32
    let stderrReader: Int32
  }

  /// How a child ended: an exit status, or the signal that killed it.
  enum Termination: Equatable {
    case exited(Int32)
    case signaled(Int32)
  }

  static func spawn(
    executable: String, arguments: [String], environment: [String: String], currentDirectory: String?,
    hasStdin: Bool
  ) throws(RoverProcessError) -> Spawned {
    let stdinPipe = hasStdin ? try makePipe() : nil
    let stdoutPipe = try makePipe()
    let stderrPipe = try makePipe()
    let nullDevice = hasStdin ? -1 : open("/dev/null", O_RDONLY | O_CLOEXEC)
    defer {
      if let stdinPipe { close(stdinPipe.read) }
      close(stdoutPipe.write)
      close(stderrPipe.write)
      if nullDevice >= 0 { close(nullDevice) }
    }

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, stdinPipe?.read ?? nullDevice, STDIN_FILENO)
    posix_spawn_file_actions_adddup2(&actions, stdoutPipe.write, STDOUT_FILENO)
    posix_spawn_file_actions_adddup2(&actions, stderrPipe.write, STDERR_FILENO)
    // Descriptors this test process holds without close-on-exec (other tests' sockets, say) must not leak in.
    for fd in openDescriptors() where fd > STDERR_FILENO {
      posix_spawn_file_actions_addclose(&actions, fd)
    }
    if let currentDirectory {
      guard let addChdir = addChdirFunction else { throw .launchFailed(path: executable, errno: ENOSYS) }
      _ = addChdir(&actions, currentDirectory)
    }

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var emptyMask = sigset_t()
    sigemptyset(&emptyMask)
    posix_spawnattr_setsigmask(&attributes, &emptyMask)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGCHLD, SIGUSR1, SIGUSR2, SIGALRM, SIGTSTP] {
      sigaddset(&defaults, signal)
    }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    // Its own process group, so a timeout can kill whatever the child started too.
    posix_spawnattr_setpgroup(&attributes, 0)
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))

    let argv = ([executable] + arguments).map { strdup($0) }
    let envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") }
    defer {
      for pointer in argv + envp { free(pointer) }
    }
    var pid = pid_t()
    let result = posix_spawn(&pid, executable, &actions, &attributes, argv + [nil], envp + [nil])
    guard result == 0 else {
      if let stdinPipe { close(stdinPipe.write) }
      close(stdoutPipe.read)
      close(stderrPipe.read)
      throw .launchFailed(path: executable, errno: result)
    }
    return Spawned(
      pid: pid, stdinWriter: stdinPipe?.write, stdoutReader: stdoutPipe.read, stderrReader: stderrPipe.read)
  }

  /// Waits for the child to exit, calls `markExited` while it is still an unreaped zombie (its pid cannot be reused
  /// yet, so a signal sent under the same lock as `markExited` never hits a stranger), then reaps it.
  static func waitForExit(of pid: pid_t, markExited: () -> Void) -> Termination {
    var info = siginfo_t()
    while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0 && errno == EINTR {}
    markExited()
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    return status & 0x7F == 0 ? .exited((status >> 8) & 0xFF) : .signaled(status & 0x7F)
  }

  private static func makePipe() throws(RoverProcessError) -> (read: Int32, write: Int32) {
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { throw .launchFailed(path: "pipe", errno: errno) }
    _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
    _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
    return (fds[0], fds[1])
  }

  private static func openDescriptors() -> [Int32] {
    let listed = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    if !listed.isEmpty {
      return listed.compactMap { Int32($0) }
    }
    return Array(3..<Int32(min(getdtablesize(), 4096)))
  }

  private typealias AddChdir =
    @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32

  /// `posix_spawn_file_actions_addchdir_np` exists in glibc 2.29+ but the Glibc module does not export it.
  private static let addChdirFunction: AddChdir? = {
    let handle = dlopen(nil, RTLD_NOW)
    guard let symbol = dlsym(handle, "posix_spawn_file_actions_addchdir_np") else { return nil }
    return unsafeBitCast(symbol, to: AddChdir.self)
  }()
}
