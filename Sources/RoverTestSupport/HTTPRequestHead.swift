/// The request line and header block of one request, before its body is read.
struct HTTPRequestHead {
  /// Why a head could not be parsed; the connection answers with `status` and closes.
  struct Malformed: Error {
    let status: Int
  }

  let method: String
  let target: String
  let version: String
  /// Lower-cased names; repeated fields joined with ", " (RFC 9110 §5.3).
  let headers: [String: String]

  /// Parses the bytes before the blank line; leading empty lines are skipped as RFC 9112 §2.2 allows.
  init(bytes: ArraySlice<UInt8>) throws(Malformed) {
    // Split bytes, not a String: "\r\n" is one Character, so a String never splits on "\n" alone.
    var lines = bytes.split(separator: 10, omittingEmptySubsequences: false).map { line in
      Substring(decoding: line.last == 13 ? line.dropLast() : line, as: UTF8.self)
    }
    while let first = lines.first, first.isEmpty {
      lines.removeFirst()
    }
    guard let requestLine = lines.first else { throw Malformed(status: 400) }
    let parts = requestLine.split(separator: " ", omittingEmptySubsequences: true)
    guard parts.count == 3, parts[2].hasPrefix("HTTP/1.") else {
      throw Malformed(status: parts.count == 3 ? 505 : 400)
    }
    var headers: [String: String] = [:]
    for line in lines.dropFirst() where !line.isEmpty {
      guard let colon = line.firstIndex(of: ":") else { throw Malformed(status: 400) }
      let name = line[..<colon].trimmingWhitespace().lowercased()
      let value = line[line.index(after: colon)...].trimmingWhitespace()
      guard !name.isEmpty else { throw Malformed(status: 400) }
      if let earlier = headers[name] {
        headers[name] = earlier + ", " + value
      } else {
        headers[name] = value
      }
    }
    self.method = String(parts[0])
    self.target = String(parts[1])
    self.version = String(parts[2])
    self.headers = headers
  }

  /// Whether the client wants the connection kept open after the response (HTTP/1.1 unless `close`; HTTP/1.0 only
  /// with `keep-alive`).
  var wantsKeepAlive: Bool {
    let tokens = (headers["connection"] ?? "").lowercased().split(separator: ",").map { $0.trimmingWhitespace() }
    if version == "HTTP/1.0" {
      return tokens.contains("keep-alive")
    }
    return !tokens.contains("close")
  }
}

extension Substring {
  fileprivate func trimmingWhitespace() -> String {
    var slice = self[...]
    while let first = slice.first, first == " " || first == "\t" {
      slice = slice.dropFirst()
    }
    while let last = slice.last, last == " " || last == "\t" {
      slice = slice.dropLast()
    }
    return String(slice)
  }
}
