import FlyingFox
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension TestResponse {
  /// The response FlyingFox sends, faults included: a hang-up, a short body or a trickle go through the thin layer
  /// of `HangUp` and `FaultyBody`; everything else is FlyingFox's own.
  var flyingFoxResponse: HTTPResponse {
    if dropConnection {
      return HTTPResponse(webSocket: HangUp())
    }
    var fields = HTTPHeaders()
    for (name, value) in headers {
      fields[HTTPHeader(name)] = value
    }
    let statusCode = HTTPStatusCode(status, phrase: HTTPURLResponse.localizedString(forStatusCode: status))
    guard truncateAfter != nil || bodyChunkDelay != nil else {
      return HTTPResponse(statusCode: statusCode, headers: fields, body: body)
    }
    let sent = truncateAfter.map { Array(body.prefix(max(0, $0))) } ?? Array(body)
    let faulty = FaultyBody(bytes: sent, pause: bodyChunkDelay, pieceSize: bodyChunkSize, hangsUp: truncateAfter != nil)
    // The head promises the whole body whatever is sent.
    return HTTPResponse(
      statusCode: statusCode, headers: fields, body: HTTPBodySequence(from: faulty, count: body.count))
  }
}
