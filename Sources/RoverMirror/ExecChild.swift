import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A running `--exec` program, signalled only while it is certainly still ours: it is reaped only after `exited`
/// is set under the lock, so a signal sent under the lock can never reach a process that reused its number.
final class ExecChild: @unchecked Sendable {
  // @unchecked: `exited` is only touched under `lock`; `pid` never changes.
  let pid: pid_t
  private let lock = NSLock()
  private var exited = false

  init(pid: pid_t) { self.pid = pid }

  /// Blocks until the program ends, then reaps it; its exit status, or 128 + the signal that ended it.
  func waitForExit() -> Int32 {
    var info = siginfo_t()
    // WNOWAIT: the process stays a zombie, its number still ours, until `exited` is set.
    while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0, errno == EINTR {}
    lock.withLock { exited = true }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    return status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
  }

  /// SIGTERM to the program's process group now, SIGKILL after `grace` seconds if it is still running.
  func stop(grace: TimeInterval) {
    send(SIGTERM)
    DispatchQueue.global().asyncAfter(deadline: .now() + grace) { self.send(SIGKILL) }
  }

  private func send(_ number: Int32) {
    lock.withLock {
      if !exited { kill(-pid, number) }
    }
  }
}
