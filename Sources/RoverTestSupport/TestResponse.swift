import Foundation

/// What the server sends back, including the ways it can misbehave on purpose.
///
/// The misbehaviour fields exist because a client's error paths are only tested when a server really produces the
/// condition on a real socket: a short body, a silent hang-up, a slow trickle.
public struct TestResponse: Sendable {
  public var status: Int
  /// Overrides the standard reason phrase for `status`.
  public var reasonPhrase: String?
  public var headers: TestHTTPHeaders
  public var body: Data
  /// Seconds to wait before sending anything (only this connection waits).
  public var delay: TimeInterval
  /// Sends the head with the full `Content-Length`, then only this many body bytes, then closes the connection.
  public var truncateAfter: Int?
  /// Closes the connection without sending a single byte.
  public var dropConnection: Bool
  /// Sends the body in `bodyChunkSize` pieces with this pause between them, for slow-download tests.
  public var bodyChunkDelay: TimeInterval?
  public var bodyChunkSize: Int
  /// Sends no `Content-Length`; the body then ends when the server closes the connection.
  public var omitContentLength: Bool
  /// Sends `Connection: close` and closes after this response even if the client asked to keep it alive.
  public var closeConnection: Bool

  public init(
    status: Int = 200,
    headers: TestHTTPHeaders = [:],
    body: Data = Data(),
    delay: TimeInterval = 0,
    truncateAfter: Int? = nil,
    dropConnection: Bool = false,
    bodyChunkDelay: TimeInterval? = nil,
    bodyChunkSize: Int = 1024,
    omitContentLength: Bool = false,
    closeConnection: Bool = false,
    reasonPhrase: String? = nil
  ) {
    self.status = status
    self.headers = headers
    self.body = body
    self.delay = delay
    self.truncateAfter = truncateAfter
    self.dropConnection = dropConnection
    self.bodyChunkDelay = bodyChunkDelay
    self.bodyChunkSize = bodyChunkSize
    self.omitContentLength = omitContentLength
    self.closeConnection = closeConnection
    self.reasonPhrase = reasonPhrase
  }

  /// Whether the connection must close after this response whatever the client asked.
  var forcesClose: Bool {
    closeConnection || omitContentLength || truncateAfter != nil || dropConnection
  }

  /// Statuses whose responses never carry a body or a `Content-Length` (RFC 9110 §8.6).
  var forbidsBody: Bool {
    (100..<200).contains(status) || status == 204 || status == 304
  }
}
