import Foundation
import Testing

@testable import RoverCore

#if canImport(Glibc)
  import Glibc
#endif

/// Input piped in by a slow producer (a listing, a `watch`, a script) is read as it arrives: each photo complete in
/// the pipe is handed over at once, not held until a batch fills or the writer closes.
@Suite struct PhotoInputTests {
  /// A pipe whose reading end a `PhotoInput` reads and whose writing end the test writes to.
  final class Pipe: Sendable {
    let read: Int32
    let write: Int32

    init() throws {
      var ends: [Int32] = [0, 0]
      guard Glibc.pipe(&ends) == 0 else { throw CocoaError(.fileReadUnknown) }
      (read, write) = (ends[0], ends[1])
    }

    func send(_ text: String) {
      _ = text.utf8CString.withUnsafeBufferPointer { Glibc.write(write, $0.baseAddress, $0.count - 1) }
    }

    private let open = Locked(true)

    /// Whether the writing end is still open: a batch read while it is was handed over without waiting for the
    /// end of input.
    var writerIsOpen: Bool { open.current }

    /// Closes the writing end once, however many call it.
    func closeWriter() {
      let first = open.withLock { isOpen in
        defer { isOpen = false }
        return isOpen
      }
      if first { close(write) }
    }
  }

  static let line =
    #"{"id":1,"sol":1000,"img_src":"http://127.0.0.1:9/1.jpg","earth_date":"2015-05-30","#
    + #""camera":{"id":20,"name":"FHAZ"},"rover":{"id":5,"name":"Curiosity","status":"active"}}"#

  /// Sends each chunk in turn and reads one batch after each: every batch must hold the items of its chunk, none
  /// of them waiting for the next chunk; then the end of input.
  static func expectBatches(_ chunks: [(text: String, items: Int)]) async throws {
    let pipe = try Pipe()
    let input = PhotoInput(descriptor: pipe.read)
    defer {
      pipe.closeWriter()
      close(pipe.read)
    }
    for (text, items) in chunks {
      pipe.send(text)
      // A reader that waits for the end of input gets it when the test's time limit cancels the test: it then
      // returns, late, and the test fails on the writer check instead of hanging.
      let batch = try await withTaskCancellationHandler {
        try await input.next()
      } onCancel: {
        pipe.closeWriter()
      }
      #expect(batch.count == items, "\(text)")
      #expect(pipe.writerIsOpen, "the batch waited for the end of input")
    }
    pipe.closeWriter()
    #expect(try await input.next().isEmpty)
  }

  @Test(.timeLimit(.minutes(1))) func jsonLinesAreHandedOverAsTheyArrive() async throws {
    let second = Self.line.replacingOccurrences(of: #""id":1"#, with: #""id":2"#)
    try await Self.expectBatches([(Self.line + "\n", 1), (second + "\n", 1)])
  }

  @Test(.timeLimit(.minutes(1))) func urlLinesAreHandedOverAsTheyArrive() async throws {
    try await Self.expectBatches([
      ("http://127.0.0.1:9/a.jpg\nhttp://127.0.0.1:9/b.jpg\n", 2), ("http://127.0.0.1:9/c.jpg\n", 1),
    ])
  }

  /// A carriage return inside a line is part of the line, so a URL holding one is refused, not fetched with its
  /// halves joined; CRLF line endings still read as plain ones.
  @Test func aCarriageReturnInsideALineIsNotDropped() async throws {
    let pipe = try Pipe()
    let input = PhotoInput(descriptor: pipe.read)
    defer {
      pipe.closeWriter()
      close(pipe.read)
    }
    pipe.send("http://127.0.0.1:9/a.jpg\r\nhttp://127.0.0.1:9/e\rf.jpg\n")
    pipe.closeWriter()
    #expect(try await input.next().count == 1)
    await #expect(throws: DownloadError.self) { try await input.next() }
  }
}
