import Foundation

extension Downloader {
  /// Fetches `url` into a temporary file in `directory`, verifies it, gives it its name; the client retries what
  /// may succeed next time.
  func fetch(
    _ url: URL, into directory: SafeDirectory, as name: String, replacing: Bool, photo: Photo, client: HTTPClient
  ) async throws -> Saved {
    let file = try directory.temporaryFile()
    let events = self.events
    let request = HTTPRequest(
      url: url, headers: ["Accept": "image/*, */*;q=0.1"],
      body: .file(
        descriptor: file.descriptor, path: directory.path + "/" + name,
        keep: { status, type in (200..<300).contains(status) && Self.isImage(type) }),
      onBytes: { events(.bytes($0)) })
    do {
      let response = try await client.send(request) { verdict($0, photo: photo) }
      try file.commit(as: name, replacing: replacing)
      return Saved(directory: directory, name: name, bytes: response.bytesWritten)
    } catch {
      file.discard()
      throw try Self.downloadError(error)
    }
  }

  static func isImage(_ contentType: String) -> Bool {
    contentType.lowercased().hasPrefix("image/")
  }

  /// A body is kept only when complete: 2xx, an image, every byte the server announced.
  private func verdict(_ response: HTTPResponse, photo: Photo) -> HTTPVerdict {
    let url = response.url.absoluteString
    guard (200..<300).contains(response.status) else {
      let error = DownloadError.httpStatus(status: response.status, url: url)
      return error.isTransient ? .retry(error, retryAfter: response.retryAfter) : .fail(error)
    }
    guard response.wroteFile else {
      let hint = ImageURL.deadLinkHint(for: photo, url: response.url, contentType: response.contentType)
      return .fail(DownloadError.notAnImage(contentType: response.contentType, url: url, hint: hint))
    }
    let expected = response.contentLength
    if response.bytesWritten == 0 || (expected.map { $0 != response.bytesWritten } ?? false) {
      return .retry(
        HTTPError.shortBody(url: url, expected: expected, received: response.bytesWritten), retryAfter: nil)
    }
    return .accept
  }

  /// Rethrows cancellation; everything else becomes a `DownloadError`.
  static func downloadError(_ error: any Error) throws -> DownloadError {
    switch error {
    case let error as DownloadError: return error
    case .cannotWrite(let path, let reason) as HTTPError: return .io(path: path, reason: reason)
    case let error as HTTPError: return .transfer(error)
    case is CancellationError: throw error
    default: return .transfer(.network(url: "", reason: error.localizedDescription))
    }
  }
}
