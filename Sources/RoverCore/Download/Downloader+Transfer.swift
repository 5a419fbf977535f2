import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension Downloader {
  static let maxRedirects = 8

  /// Fetches `url` into a temporary file beside `destination`, verifies it, renames it into place; retries what
  /// may succeed next time.
  func fetch(_ url: URL, to destination: URL, photo: Photo, transfer: any ImageFetching) async throws -> Saved {
    var attempt = 0
    while true {
      try Task.checkCancellation()
      let temporary = FileStore.temporaryURL(for: destination)
      // Bytes already reported as progress, taken back if this attempt fails.
      let written = Locked(0)
      do {
        let response = try await fetchFollowingRedirects(url, to: temporary, transfer: transfer) { count in
          written.withLock { $0 += count }
          self.events(.bytes(count))
        }
        try verify(response, url: url, photo: photo)
        try FileStore.rename(temporary, to: destination)
        return Saved(file: destination, bytes: response.bytesWritten)
      } catch {
        FileStore.remove(temporary)
        if written.current > 0 { events(.bytes(-written.current)) }
        let failure = try Self.downloadError(error, url: url)
        attempt += 1
        guard failure.isTransient,
          let delay = options.retryPolicy.delay(beforeRetry: attempt, retryAfter: failure.retryAfter)
        else { throw failure.error }
        try await Task.sleep(nanoseconds: UInt64(delay * 1_000_000_000))
      }
    }
  }

  private func fetchFollowingRedirects(
    _ start: URL, to temporary: URL, transfer: any ImageFetching, onBytes: @escaping @Sendable (Int) -> Void
  ) async throws -> TransferResponse {
    var url = start
    for _ in 0...Self.maxRedirects {
      let response = try await transfer.fetch(url, to: temporary, onBytes: onBytes)
      guard (300..<400).contains(response.status), let location = response.location,
        let next = URL(string: location, relativeTo: url)?.absoluteURL
      else { return response }
      url = ImageURL.upgraded(next)
    }
    throw DownloadError.tooManyRedirects(url: start.absoluteString)
  }

  private func verify(_ response: TransferResponse, url: URL, photo: Photo) throws {
    guard (200..<300).contains(response.status) else {
      throw RetryableStatus(
        error: .httpStatus(status: response.status, url: url.absoluteString),
        retryAfter: response.retryAfter)
    }
    guard response.wroteBody else {
      throw DownloadError.notAnImage(
        contentType: response.contentType, url: url.absoluteString, hint: ImageURL.deadLinkHint(for: photo, url: url))
    }
    if let expected = response.contentLength, expected != response.bytesWritten {
      throw DownloadError.truncated(expected: expected, received: response.bytesWritten, url: url.absoluteString)
    }
    if response.bytesWritten == 0 {
      throw DownloadError.truncated(expected: response.contentLength ?? 0, received: 0, url: url.absoluteString)
    }
  }

  /// A classified failure with the server's requested wait, if any.
  struct Failure {
    var error: DownloadError
    var retryAfter: TimeInterval?
    var isTransient: Bool { error.isTransient }
  }

  /// Rethrows cancellation; everything else becomes a `DownloadError`.
  static func downloadError(_ error: any Error, url: URL) throws -> Failure {
    switch error {
    case let status as RetryableStatus:
      return Failure(error: status.error, retryAfter: status.retryAfter)
    case let error as DownloadError:
      return Failure(error: error)
    case let error as URLError where error.code == .cancelled:
      throw CancellationError()
    case let error as URLError where error.code == .timedOut:
      return Failure(error: .timedOut(url: url.absoluteString))
    case let error as URLError:
      return Failure(error: .network(url: url.absoluteString, reason: HTTPTransport.describe(error)))
    case is CancellationError:
      throw error
    default:
      return Failure(error: .network(url: url.absoluteString, reason: error.localizedDescription))
    }
  }
}

/// An HTTP status failure carrying `Retry-After` through the catch.
struct RetryableStatus: Error {
  var error: DownloadError
  var retryAfter: TimeInterval?
}
