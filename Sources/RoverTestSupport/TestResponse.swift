import Foundation

/// Header fields of a `TestResponse`, by name as written.
public typealias TestHTTPHeaders = [String: String]

/// What the server sends back, including the ways it can misbehave on purpose.
///
/// The misbehaviour fields exist because a client's error paths are only tested when a server really produces the
/// condition on a real socket: a short body, a silent hang-up, a slow trickle.
public struct TestResponse: Sendable {
  public var status: Int
  public var headers: TestHTTPHeaders
  public var body: Data
  /// Seconds to wait before sending anything (only this request waits).
  public var delay: TimeInterval
  /// Sends the full `Content-Length`, then only this many body bytes, then closes the connection.
  public var truncateAfter: Int?
  /// Closes the connection without sending a single byte.
  public var dropConnection: Bool
  /// Sends the body in `bodyChunkSize` pieces with this pause between them, for slow-download tests.
  public var bodyChunkDelay: TimeInterval?
  public var bodyChunkSize: Int

  public init(
    status: Int = 200, headers: TestHTTPHeaders = [:], body: Data = Data(), delay: TimeInterval = 0,
    truncateAfter: Int? = nil, dropConnection: Bool = false, bodyChunkDelay: TimeInterval? = nil,
    bodyChunkSize: Int = 1024
  ) {
    self.status = status
    self.headers = headers
    self.body = body
    self.delay = delay
    self.truncateAfter = truncateAfter
    self.dropConnection = dropConnection
    self.bodyChunkDelay = bodyChunkDelay
    self.bodyChunkSize = bodyChunkSize
  }
}
