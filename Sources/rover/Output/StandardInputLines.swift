import ArgumentParser
import Foundation
import RoverCore

#if canImport(Glibc)
  import Glibc
#endif

/// Reads stdin a line at a time through one fixed buffer: memory stays flat however many names are piped, and a line is
/// cut at `maximumLineBytes` (no name is that long; the cut is marked `…`). It waits in short polls, so Ctrl-C is
/// noticed while a terminal or a quiet pipe sends nothing.
struct StandardInputLines {
  struct Failure: Error { var reason: String }

  static let maximumLineBytes = 8192
  private var buffer = [UInt8](repeating: 0, count: 65_536)
  private var start = 0
  private var end = 0
  private var ended = false

  /// The next line without its line ending, or nil at the end of input; `beforeWaiting` runs before a read that
  /// would block, so output so far reaches the reader of a slow pipe.
  mutating func next(beforeWaiting: () -> Void) throws -> String? {
    var line: [UInt8] = []
    var cut = false
    while true {
      if start == end {
        guard try fill(beforeWaiting) else { return line.isEmpty ? nil : Self.text(line, cut: cut) }
      }
      let chunk = buffer[start..<end]
      let newline = chunk.firstIndex(of: UInt8(ascii: "\n"))
      let piece = chunk[..<(newline ?? end)]
      let room = Self.maximumLineBytes - line.count
      if piece.count > room { cut = true }
      line.append(contentsOf: piece.prefix(room))
      start = newline.map { $0 + 1 } ?? end
      if newline != nil { return Self.text(line, cut: cut) }
    }
  }

  private static func text(_ bytes: [UInt8], cut: Bool) -> String {
    var bytes = bytes[...]
    if !cut, bytes.last == UInt8(ascii: "\r") { bytes = bytes.dropLast() }
    return String(decoding: bytes, as: UTF8.self) + (cut ? "…" : "")
  }

  /// Reads the next chunk; false at the end of input.
  private mutating func fill(_ beforeWaiting: () -> Void) throws -> Bool {
    guard !ended else { return false }
    var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
    var waited = false
    while true {
      try Task.checkCancellation()
      let ready = poll(&descriptor, 1, waited ? 100 : 0)
      // Ready, or an error that the read below names.
      if ready > 0 || (ready < 0 && errno != EINTR) { break }
      if !waited {
        beforeWaiting()
        waited = true
      }
    }
    var count: Int
    repeat {
      count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
    } while count < 0 && errno == EINTR
    guard count >= 0 else { throw Failure(reason: String(cString: strerror(errno))) }
    (start, end, ended) = (0, count, count == 0)
    return count > 0
  }
}
