import Foundation

/// A finished exchange, kept small and `Sendable` so it can cross task boundaries and be cached.
package struct HTTPResponse: Sendable {
  package var url: URL
  package var status: Int
  /// Header names lower-cased, because HTTP header names are case-insensitive.
  package var headers: [String: String]
  /// The body for `.memory` requests; empty for `.file` ones.
  package var body: Data
  /// For `.file` requests: whether the body went to the file, and how many bytes of it.
  package var wroteFile: Bool
  package var bytesWritten: Int

  package init(
    url: URL, status: Int, headers: [String: String], body: Data = Data(), wroteFile: Bool = false,
    bytesWritten: Int = 0
  ) {
    self.url = url
    self.status = status
    self.headers = headers
    self.body = body
    self.wroteFile = wroteFile
    self.bytesWritten = bytesWritten
  }

  package func header(_ name: String) -> String? { headers[name.lowercased()] }

  package var contentType: String { headers["content-type"] ?? "" }
  package var contentLength: Int? { headers["content-length"].flatMap { Int($0) } }
  package var retryAfter: TimeInterval? { RetryPolicy.parseRetryAfter(headers["retry-after"]) }
}
