import FlyingFox
import FlyingSocks
import Foundation

/// A response body that misbehaves on the wire: sent in pieces with pauses between them (a trickle), or cut off
/// and followed by a hang-up.
///
/// This is the hand-written fault layer, and all of it: FlyingFox writes the head (with whatever `Content-Length`
/// it was given), then what this sequence yields, and closes the connection when the sequence throws. A body
/// shorter than its `Content-Length` is the full length in the head, a prefix here, then a throw.
struct FaultyBody: AsyncBufferedSequence {
  typealias Element = UInt8

  struct HungUp: Error {}

  let bytes: [UInt8]
  /// The pause between pieces; nil sends as fast as FlyingFox asks.
  let pause: TimeInterval?
  let pieceSize: Int
  /// Throws once `bytes` are sent, so FlyingFox closes the connection.
  let hangsUp: Bool

  func makeAsyncIterator() -> Iterator {
    Iterator(body: self)
  }

  struct Iterator: AsyncBufferedIteratorProtocol {
    let body: FaultyBody
    var offset = 0

    mutating func next() async throws -> UInt8? {
      try await nextBuffer(suggested: 1)?.first
    }

    mutating func nextBuffer(suggested count: Int) async throws -> ArraySlice<UInt8>? {
      guard offset < body.bytes.count else {
        if body.hangsUp { throw HungUp() }
        return nil
      }
      if offset > 0, let pause = body.pause {
        try await Task.sleep(nanoseconds: UInt64(pause * 1_000_000_000))
      }
      let end = Swift.min(body.bytes.count, offset + Swift.max(1, body.pause == nil ? count : body.pieceSize))
      defer { offset = end }
      return body.bytes[offset..<end]
    }
  }
}
