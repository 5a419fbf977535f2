import FlyingFox

/// Makes FlyingFox close a connection without sending a byte.
///
/// FlyingFox has no public way to leave a request unanswered. It does ask a WebSocket handler for its frames
/// before it writes the upgrade head, and closes the connection when that throws; this handler always throws.
struct HangUp: WSHandler {
  struct Refused: Error {}

  func makeFrames(for client: AsyncThrowingStream<WSFrame, any Error>) async throws -> AsyncStream<WSFrame> {
    throw Refused()
  }
}
