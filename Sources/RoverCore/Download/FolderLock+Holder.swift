import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Who holds the folder: open-file locks carry no process id (`F_OFD_GETLK` answers -1), so the writer that takes
/// the lock writes its own at the start of the file, and a waiter names it: which process to stop, or to wait for.
extension FolderLock {
  /// The bytes at the file's start that hold the last taker's process id, in decimal, padded with spaces.
  static let holderBytes = 16

  /// Writes this process's id where waiters read it (best effort: a waiter without it says "another rover").
  static func recordHolder(_ descriptor: Int32) {
    var text = Array(String(getpid()).utf8)
    text += Array(repeating: UInt8(ascii: " "), count: max(0, holderBytes - text.count))
    _ = text.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, holderBytes, 0) }
  }

  /// The process id written by the holder, when that process still runs.
  static func holder(_ descriptor: Int32) -> Int32? {
    var bytes = [UInt8](repeating: 0, count: holderBytes)
    let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, holderBytes, 0) }
    guard count > 0 else { return nil }
    let digits = bytes.prefix(count).prefix { (0x30...0x39).contains($0) }
    guard !digits.isEmpty, digits.count <= 9, let pid = Int32(String(decoding: digits, as: UTF8.self)), pid > 0
    else { return nil }
    // Signal 0 only asks whether the process exists (EPERM: it does, under another user).
    return kill(pid, 0) == 0 || errno == EPERM ? pid : nil
  }
}
