import Foundation

/// What to do with a response. The caller decides, because each service (and the downloader) signals its
/// failures its own way; the client only carries the decision out.
package enum HTTPVerdict: Sendable {
  case accept
  case retry(any Error, retryAfter: TimeInterval?)
  case fail(any Error)
}
