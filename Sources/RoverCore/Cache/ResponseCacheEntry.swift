import Foundation

/// One stored response: a JSON header line, then the body bytes. The header repeats the full key so that a hash
/// collision reads as a miss, never as someone else's answer.
package struct ResponseCacheEntry: Sendable {
  package struct Header: Codable, Sendable {
    package var key: String
    package var url: String
    package var storedAt: Date
    package var expiresAt: Date
    package var etag: String?
    package var lastModified: String?
    package var bodyBytes: Int

    enum CodingKeys: String, CodingKey {
      case key, url, etag
      case storedAt = "stored_at"
      case expiresAt = "expires_at"
      case lastModified = "last_modified"
      case bodyBytes = "body_bytes"
    }
  }

  package var header: Header
  package var body: Data

  package func age(now: Date = Date()) -> TimeInterval { now.timeIntervalSince(header.storedAt) }

  /// Writes the header line, then the body, to a new file at `url`, without joining them in memory first: a body
  /// may be 16 MB, and a copy of it while its page is decoded was a third of a hostile listing's peak.
  /// - Throws: `CocoaError` when the file cannot be created or written.
  func write(to url: URL) throws {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .secondsSince1970
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let head = try encoder.encode(header) + Data("\n".utf8)
    guard FileManager.default.createFile(atPath: url.path, contents: head) else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
    }
    let handle = try FileHandle(forWritingTo: url)
    defer { try? handle.close() }
    try handle.seekToEnd()
    try handle.write(contentsOf: body)
  }

  /// Parses a stored file; nil for anything cut short or garbled, which the cache then treats as a miss.
  static func decode(_ data: Data) -> ResponseCacheEntry? {
    guard let newline = data.firstIndex(of: UInt8(ascii: "\n")) else { return nil }
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .secondsSince1970
    guard let header = try? decoder.decode(Header.self, from: data[data.startIndex..<newline]), header.isSane else {
      return nil
    }
    let body = Data(data[data.index(after: newline)...])
    guard body.count == header.bodyBytes else { return nil }
    return ResponseCacheEntry(header: header, body: body)
  }
}

extension ResponseCacheEntry.Header {
  /// What rover itself could have stored: dates a clock can hold (a tampered `1e30` once trapped in a message), and
  /// validators that are one header line (a line break in a stored ETag would forge request headers).
  var isSane: Bool {
    let dates = [storedAt, expiresAt].map(\.timeIntervalSince1970)
    guard dates.allSatisfy({ $0.isFinite && abs($0) < 1e11 }) else { return false }
    return [etag, lastModified].allSatisfy { value in
      value.map { $0.utf8.count <= 1024 && !$0.utf8.contains { $0 < 0x20 || $0 == 0x7F } } ?? true
    }
  }
}
