#if canImport(CCurl)
  internal import CCurl
  import Foundation

  #if canImport(Glibc)
    import Glibc
  #endif

  /// One transfer's state, touched only by the loop thread once started (the continuation is set before, and
  /// `cancelRequested` is guarded by the engine's lock).
  final class CurlJob: @unchecked Sendable {
    let request: HTTPRequest
    /// An API answer, wanted whole in memory with every header; otherwise an image for a file.
    let isMemory: Bool
    let maxBodyBytes: Int
    /// Every header of an API answer, names lower-cased (an image's transfer reads only the four it needs).
    var headers: [String: String] = [:]
    /// The URL's text, computed once: libcurl wants it, and errors name it.
    let url: String
    var continuation: CheckedContinuation<HTTPResponse, any Error>?
    /// The engine's list of this request's headers, while the transfer runs; freed with it when not the engine's.
    var headerList: UnsafeMutablePointer<curl_slist>?
    var ownsHeaderList = false
    var status = 0
    var contentType = ""
    var contentLength: Int?
    /// A `Content-Encoding` came (any job, file or memory): libcurl decodes the body, so the length announced is
    /// not the length received.
    var isEncoded = false
    var location: String?
    var retryAfter: String?
    var body = Data()
    var bytesWritten = 0
    var wroteFile = false
    var discarded = false
    var failure: HTTPError?
    /// Written and read under `CurlEngine.lock`.
    var cancelRequested = false
    /// The rate shared with every other transfer (`--limit-rate`); nil: unlimited.
    let budget: TransferBudget?
    /// The write callback paused the transfer because the budget was in debt; the loop resumes it.
    var paused = false

    init(request: HTTPRequest, maxBodyBytes: Int, budget: TransferBudget? = nil) {
      self.request = request
      self.maxBodyBytes = maxBodyBytes
      self.budget = budget
      if case .memory = request.body { isMemory = true } else { isMemory = false }
      url = request.url.absoluteString
    }

    func resume(returning response: HTTPResponse) {
      continuation?.resume(returning: response)
      continuation = nil
    }

    func resume(throwing error: any Error) {
      continuation?.resume(throwing: error)
      continuation = nil
    }

    /// The response as the layers above see it: only the headers they read.
    func finished() -> HTTPResponse {
      var headers = self.headers
      // A decompressed body's length is no longer the one announced (URLSession drops it too).
      if isEncoded || headers["content-encoding"] != nil {
        headers["content-length"] = nil
      } else if let contentLength {
        headers["content-length"] = String(contentLength)
      }
      if !contentType.isEmpty { headers["content-type"] = contentType }
      if let location { headers["location"] = location }
      if let retryAfter { headers["retry-after"] = retryAfter }
      return HTTPResponse(
        url: request.url, status: status, headers: headers, body: body, wroteFile: wroteFile,
        bytesWritten: bytesWritten)
    }

    /// A header line, read as bytes: only four headers matter, and most lines are skipped without building a
    /// String. A new status line starts over (1xx interim responses).
    func header(_ line: UnsafeRawBufferPointer) {
      var end = line.count
      while end > 0, line[end - 1] == 0x0A || line[end - 1] == 0x0D || line[end - 1] == 0x20 { end -= 1 }
      if end == 0 {
        headersComplete()
        return
      }
      let bytes = UnsafeRawBufferPointer(rebasing: line[0..<end])
      if bytes.starts(with: Array("HTTP/".utf8)) {
        (contentType, contentLength, location, retryAfter) = ("", nil, nil, nil)
        isEncoded = false
        headers = [:]
        var index = bytes.firstIndex(of: 0x20).map { $0 + 1 } ?? end
        var code = 0
        while index < end, let digit = Self.digit(bytes[index]) {
          code = code * 10 + digit
          index += 1
        }
        status = code
        return
      }
      guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return }
      let name = UnsafeRawBufferPointer(rebasing: bytes[0..<colon])
      func value() -> String {
        var start = colon + 1
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
      }
      if isMemory {
        headers[String(decoding: name, as: UTF8.self).lowercased()] = value()
      }
      if Self.equalsIgnoringCase(name, "content-type") {
        contentType = value()
      } else if Self.equalsIgnoringCase(name, "content-length") {
        contentLength = Int(value())
      } else if Self.equalsIgnoringCase(name, "content-encoding") {
        isEncoded = value().lowercased() != "identity"
      } else if Self.equalsIgnoringCase(name, "location") {
        location = value()
      } else if Self.equalsIgnoringCase(name, "retry-after") {
        retryAfter = value()
      }
    }

    private static func digit(_ byte: UInt8) -> Int? {
      (0x30...0x39).contains(byte) ? Int(byte - 0x30) : nil
    }

    private static func equalsIgnoringCase(_ bytes: UnsafeRawBufferPointer, _ lowercase: StaticString) -> Bool {
      guard bytes.count == lowercase.utf8CodeUnitCount else { return false }
      let expected = UnsafeRawBufferPointer(start: lowercase.utf8Start, count: lowercase.utf8CodeUnitCount)
      for index in 0..<bytes.count {
        let byte = bytes[index]
        let lower = (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
        if lower != expected[index] { return false }
      }
      return true
    }

    /// Starts the file only for a body worth keeping; anything else is aborted at its first byte.
    private func headersComplete() {
      guard case .file(let descriptor, let path, let keep) = request.body, (200..<600).contains(status), !wroteFile,
        !discarded
      else { return }
      guard keep(status, contentType) else {
        discarded = true
        return
      }
      // Emptied only when an earlier attempt wrote to it: on ext4 a truncation to zero marks the file for a
      // synchronous flush at close (`auto_da_alloc`), which cost more than the whole download of a small image.
      let position = request.fileIsFresh ? 0 : lseek(descriptor, 0, SEEK_CUR)
      if position != 0 && (position < 0 || ftruncate(descriptor, 0) != 0 || lseek(descriptor, 0, SEEK_SET) != 0) {
        failure = .cannotWrite(path: path, reason: String(cString: strerror(errno)))
      } else {
        wroteFile = true
      }
    }

    /// Returns how many bytes were taken; fewer than offered aborts the transfer, `rover_curl_write_pause` pauses
    /// it until the rate's budget allows (libcurl offers the same bytes again then).
    func body(_ bytes: UnsafeRawPointer, count: Int) -> Int {
      guard !discarded, failure == nil else { return 0 }
      if let budget, budget.take(count) > 0 {
        paused = true
        return rover_curl_write_pause
      }
      guard case .file(let descriptor, let path, _) = request.body else {
        // Redirect and error bodies of file requests are dropped above; this is a `.memory` request.
        guard body.count + count <= maxBodyBytes else {
          failure = .responseTooLarge(url: url, limit: maxBodyBytes)
          return 0
        }
        // The announced length at once (within the cap, whatever a server claims): a page grown by doubling from
        // many small reads left its old buffers scattered in the allocator's arenas, 15 MB more resident at the
        // peak of a listing of 6 MB pages under load (issue 38).
        if body.isEmpty, !isEncoded, let contentLength, contentLength > count, contentLength <= maxBodyBytes {
          body.reserveCapacity(contentLength)
        }
        body.append(bytes.assumingMemoryBound(to: UInt8.self), count: count)
        return count
      }
      if !wroteFile { headersComplete() }
      guard wroteFile, failure == nil else { return 0 }
      guard bytesWritten + count <= CurlEngine.maxFileBytes else {
        failure = .responseTooLarge(url: url, limit: CurlEngine.maxFileBytes)
        return 0
      }
      var offset = 0
      while offset < count {
        let written = write(descriptor, bytes + offset, count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          failure = .cannotWrite(path: path, reason: String(cString: strerror(errno)))
          return 0
        }
        offset += written
      }
      bytesWritten += count
      request.onBytes?(count)
      return count
    }
  }
#endif
