import Foundation
import RoverCore

/// `rover cache info`: the numbers, with dates as ISO 8601 in UTC.
struct CacheInfoReport: Encodable {
  var directory: String
  var entries: Int
  var bytes: Int
  var maxBytes: Int
  var oldest: String?
  var newest: String?

  enum CodingKeys: String, CodingKey {
    case directory, entries, bytes, oldest, newest
    case maxBytes = "max_bytes"
  }

  init(_ info: ResponseCache.Info) {
    let formatter = ISO8601DateFormatter()
    directory = info.directory
    entries = info.entries
    bytes = info.bytes
    maxBytes = info.maxBytes
    oldest = info.oldest.map(formatter.string(from:))
    newest = info.newest.map(formatter.string(from:))
  }

  var text: String {
    TableRenderer.keyValues([
      ("directory", directory), ("entries", String(entries)),
      ("size", "\(ByteFormat.bytes(bytes)) of \(ByteFormat.bytes(maxBytes))"),
      ("oldest", oldest ?? "-"), ("newest", newest ?? "-"),
    ])
  }
}
