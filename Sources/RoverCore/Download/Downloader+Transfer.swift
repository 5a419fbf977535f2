import Foundation

extension Downloader {
  /// Fetches `url` into a temporary file in `directory`, verifies it, gives it its name; the client retries what
  /// may succeed next time.
  func fetch(
    _ url: URL, into directory: SafeDirectory, as name: String, replacing: Bool, photo: Photo, client: HTTPClient
  ) async throws -> Saved {
    let file = try directory.temporaryFile()
    let events = self.events
    var onBytes: (@Sendable (Int) -> Void)?
    if options.reportsBytes { onBytes = { events(.bytes($0)) } }
    var request = HTTPRequest(
      url: url, headers: Self.imageHeaders,
      body: .file(descriptor: file.descriptor, path: directory.path + "/" + name, keep: Self.keeps),
      onBytes: onBytes)
    request.fileIsFresh = true
    do {
      let response = try await client.send(request) { verdict($0, photo: photo, file: file.descriptor) }
      try file.commit(as: name, replacing: replacing)
      return Saved(directory: directory, name: name, bytes: response.bytesWritten)
    } catch {
      file.discard()
      throw try Self.downloadError(error)
    }
  }

  /// The same for every image (the client would add its User-Agent to a copy of each request otherwise).
  static let imageHeaders = ["Accept": "image/*, */*;q=0.1", "User-Agent": HTTPClient.userAgent]

  /// Which bodies are written at all: 2xx images, and octet-streams that may turn out to be images.
  static let keeps: @Sendable (_ status: Int, _ contentType: String) -> Bool = { status, type in
    (200..<300).contains(status) && (isImage(type) || isOctetStream(type))
  }

  static func isImage(_ contentType: String) -> Bool {
    contentType.lowercased().hasPrefix("image/")
  }

  /// The PDS serves its `.img.jpg` browse images as `application/octet-stream` (api-reference 7.2): such a body is
  /// written, then kept only if it starts like an image.
  static func isOctetStream(_ contentType: String) -> Bool {
    let type = contentType.lowercased().prefix { $0 != ";" }.trimmingCharacters(in: .whitespaces)
    return type == "application/octet-stream" || type == "binary/octet-stream"
  }

  /// A body is kept only when complete and an image: 2xx, written (by type, image or octet-stream), every byte the
  /// server announced, and a JPEG or PNG signature.
  private func verdict(_ response: HTTPResponse, photo: Photo, file: Int32) -> HTTPVerdict {
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
    // Only a JPEG or PNG reaches the folder, whatever the type said: the body (decoded) names what came back.
    let signature = ImageSignature(descriptor: file)
    if case .other(let what) = signature {
      let hint = ImageURL.deadLinkHint(for: photo, url: response.url, contentType: response.contentType)
      let type = response.contentType.isEmpty ? what : "\(response.contentType): \(what)"
      return .fail(DownloadError.notAnImage(contentType: type, url: url, hint: hint))
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
    default: return .transfer(.network(url: "", reason: SystemError.text(error)))
    }
  }
}
