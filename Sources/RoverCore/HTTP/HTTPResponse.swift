import Foundation

/// A finished exchange, kept small and `Sendable` so it can cross task boundaries and be cached.
public struct HTTPResponse: Sendable {
  public var url: URL
  public var status: Int
  /// Header names lower-cased, because HTTP header names are case-insensitive.
  public var headers: [String: String]
  /// The body for `.memory` requests; empty for `.file` ones.
  public var body: Data
  /// For `.file` requests: whether the body went to the file, and how many bytes of it.
  public var wroteFile: Bool
  public var bytesWritten: Int

  public init(
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

  public func header(_ name: String) -> String? { headers[name.lowercased()] }

  public var contentType: String { headers["content-type"] ?? "" }
  public var contentLength: Int? { headers["content-length"].flatMap { Int($0) } }
  public var retryAfter: TimeInterval? { RetryPolicy.parseRetryAfter(headers["retry-after"]) }
}
