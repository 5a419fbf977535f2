import Foundation
import RoverTestSupport

/// A small tmpfs mounted on a fresh directory: a disk that fills up (ENOSPC) after `bytes`. Mounting needs root,
/// which the tests and CI run as; where it is refused, `canMount` is false and the tests that need it are skipped
/// with that reason.
struct FullDisk {
  let directory: URL

  /// Whether a tmpfs can be mounted here, found by mounting one.
  static let canMount: Bool = {
    guard let probe = try? FullDisk(bytes: 64 * 1024) else { return false }
    probe.unmount()
    return true
  }()

  init(bytes: Int) throws {
    directory = try TestDirectory.make("rover-full-disk")
    let status = Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(bytes)", "tmpfs", directory.path])
    guard status == 0 else { throw HarnessError("mount -t tmpfs exited \(status)") }
  }

  var path: String { directory.path }

  func unmount() {
    _ = Self.run("/bin/umount", [directory.path])
  }

  private static func run(_ tool: String, _ arguments: [String]) -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: tool)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { return -1 }
    process.waitUntilExit()
    return process.terminationStatus
  }
}
