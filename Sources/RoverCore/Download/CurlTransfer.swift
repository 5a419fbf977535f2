#if canImport(CCurl)
  import CCurl
  import Foundation

  #if canImport(Glibc)
    import Glibc
  #endif

  /// Image downloads on libcurl's multi interface: one thread drives every transfer, bodies go from libcurl's
  /// buffer straight to the file with `write(2)`, and connections are reused across images. On loopback this costs
  /// a fraction of URLSession's CPU per image and keeps memory flat for large files (bench/results.md).
  ///
  /// Every piece of mutable state is owned by the loop thread, except `incoming` and `cancelled`, which other
  /// threads touch only under `lock`; that is why the class is `@unchecked Sendable`.
  final class CurlTransfer: ImageFetching, @unchecked Sendable {
    private static let globalInit: Void = { curl_global_init(Int(CURL_GLOBAL_DEFAULT)) }()

    private let multi: UnsafeMutableRawPointer
    private let timeout: Int
    private let lock = NSLock()
    private var incoming: [CurlJob] = []
    private var cancelled: Set<ObjectIdentifier> = []
    private var stopping = false
    /// Loop-thread state: jobs by easy handle.
    private var active: [UnsafeMutableRawPointer: CurlJob] = [:]
    private let headers: UnsafeMutablePointer<curl_slist>?

    init(maxConnections: Int, timeout: TimeInterval) {
      _ = Self.globalInit
      guard let multi = curl_multi_init() else { preconditionFailure("libcurl could not create a multi handle") }
      self.multi = multi
      self.timeout = max(1, Int(timeout.rounded(.up)))
      headers = curl_slist_append(nil, "Accept: image/*, */*;q=0.1")
      rover_curl_multi_set_long(multi, CURLMOPT_MAX_HOST_CONNECTIONS, max(1, maxConnections))
      rover_curl_multi_set_long(multi, CURLMOPT_MAX_TOTAL_CONNECTIONS, max(1, maxConnections))
      let thread = Thread { [self] in loop() }
      thread.name = "rover.curl"
      thread.start()
    }

    func fetch(_ url: URL, to file: URL, onBytes: @escaping @Sendable (Int) -> Void) async throws -> TransferResponse {
      let job = CurlJob(url: url, file: file, onBytes: onBytes)
      return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
          job.continuation = continuation
          // One wake-up per batch: the loop takes every waiting job each time it wakes.
          let first = lock.withLock {
            incoming.append(job)
            return incoming.count == 1
          }
          if first { curl_multi_wakeup(multi) }
        }
      } onCancel: {
        lock.withLock {
          job.cancelRequested = true
          _ = cancelled.insert(ObjectIdentifier(job))
        }
        curl_multi_wakeup(multi)
      }
    }

    func shutdown() {
      lock.withLock { stopping = true }
      curl_multi_wakeup(multi)
    }

    private func loop() {
      while true {
        let (new, cancelling, stop) = lock.withLock { () -> ([CurlJob], Set<ObjectIdentifier>, Bool) in
          defer {
            incoming.removeAll()
            cancelled.removeAll()
          }
          return (incoming, cancelled, stopping)
        }
        for job in new { start(job) }
        for (handle, job) in active where cancelling.contains(ObjectIdentifier(job)) {
          finish(handle, job, error: CancellationError())
        }
        // A job cancelled before it started: it may still be in `new`, now in `active`, handled above.
        if stop && active.isEmpty { break }
        var running: Int32 = 0
        curl_multi_perform(multi, &running)
        var handle: UnsafeMutableRawPointer?
        var result = CURLE_OK
        while rover_curl_multi_next_done(multi, &handle, &result) == 1 {
          if let handle, let job = active[handle] { complete(handle, job, result: result) }
        }
        curl_multi_poll(multi, nil, 0, 1000, nil)
      }
      curl_multi_cleanup(multi)
      curl_slist_free_all(headers)
    }

    private func start(_ job: CurlJob) {
      // Cancelled before the loop picked it up: its cancellation may already have been consumed.
      if lock.withLock({ job.cancelRequested }) {
        job.resume(throwing: CancellationError())
        return
      }
      guard let handle = curl_easy_init() else {
        job.resume(throwing: DownloadError.network(url: job.url.absoluteString, reason: "cannot start libcurl"))
        return
      }
      let context = Unmanaged.passUnretained(job).toOpaque()
      rover_curl_easy_set_string(handle, CURLOPT_URL, job.url.absoluteString)
      rover_curl_easy_set_string(handle, CURLOPT_USERAGENT, "rover/\(RoverVersion.current)")
      rover_curl_easy_set_pointer(handle, CURLOPT_HTTPHEADER, UnsafeMutableRawPointer(headers))
      rover_curl_easy_set_string(handle, CURLOPT_PROTOCOLS_STR, "http,https")
      rover_curl_easy_set_long(handle, CURLOPT_NOSIGNAL, 1)
      // curl's own tool reads 100 KB at a time: a sixth of the read and write calls of the 16 KB default.
      rover_curl_easy_set_long(handle, CURLOPT_BUFFERSIZE, 102_400)
      rover_curl_easy_set_long(handle, CURLOPT_FOLLOWLOCATION, 0)
      rover_curl_easy_set_long(handle, CURLOPT_CONNECTTIMEOUT, timeout)
      // A stall, not a slow link, is a timeout: under 1 byte/s for `timeout` seconds.
      rover_curl_easy_set_long(handle, CURLOPT_LOW_SPEED_LIMIT, 1)
      rover_curl_easy_set_long(handle, CURLOPT_LOW_SPEED_TIME, timeout)
      rover_curl_easy_set_callback(handle, CURLOPT_HEADERFUNCTION, curlHeaderCallback)
      rover_curl_easy_set_pointer(handle, CURLOPT_HEADERDATA, context)
      rover_curl_easy_set_callback(handle, CURLOPT_WRITEFUNCTION, curlWriteCallback)
      rover_curl_easy_set_pointer(handle, CURLOPT_WRITEDATA, context)
      active[handle] = job
      curl_multi_add_handle(multi, handle)
    }

    private func complete(_ handle: UnsafeMutableRawPointer, _ job: CurlJob, result: CURLcode) {
      var code = 0
      rover_curl_easy_response_code(handle, &code)
      if job.response.status == 0 { job.response.status = code }
      if let failure = job.failure {
        finish(handle, job, error: failure)
      } else if result == CURLE_OK || (result == CURLE_WRITE_ERROR && job.discarded) {
        finish(handle, job, error: nil)
      } else {
        finish(handle, job, error: Self.error(result, job: job))
      }
    }

    private func finish(_ handle: UnsafeMutableRawPointer, _ job: CurlJob, error: (any Error)?) {
      curl_multi_remove_handle(multi, handle)
      curl_easy_cleanup(handle)
      active[handle] = nil
      job.closeFile()
      if let error { job.resume(throwing: error) } else { job.resume(returning: job.response) }
    }

    static func error(_ result: CURLcode, job: CurlJob) -> DownloadError {
      let url = job.url.absoluteString
      switch result {
      case CURLE_OPERATION_TIMEDOUT:
        return .timedOut(url: url)
      case CURLE_PARTIAL_FILE:
        return .truncated(
          expected: job.response.contentLength ?? job.response.bytesWritten, received: job.response.bytesWritten,
          url: url)
      case CURLE_COULDNT_CONNECT:
        return .network(url: url, reason: "connection refused")
      case CURLE_COULDNT_RESOLVE_HOST:
        return .network(url: url, reason: "host not found")
      case CURLE_GOT_NOTHING:
        return .network(url: url, reason: "empty reply from server")
      case CURLE_RECV_ERROR, CURLE_SEND_ERROR:
        return .network(url: url, reason: "connection lost")
      case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION:
        return .network(url: url, reason: "TLS handshake failed")
      default:
        return .network(url: url, reason: String(cString: curl_easy_strerror(result)))
      }
    }
  }

  /// One transfer's state, touched only by the loop thread once started (the continuation is set before, and
  /// `cancelRequested` is guarded by the engine's lock).
  final class CurlJob: @unchecked Sendable {
    let url: URL
    let file: URL
    let onBytes: @Sendable (Int) -> Void
    var continuation: CheckedContinuation<TransferResponse, any Error>?
    var response = TransferResponse.empty
    var descriptor: Int32 = -1
    var discarded = false
    var failure: DownloadError?
    /// Written and read under `CurlTransfer.lock`.
    var cancelRequested = false

    init(url: URL, file: URL, onBytes: @escaping @Sendable (Int) -> Void) {
      self.url = url
      self.file = file
      self.onBytes = onBytes
    }

    func resume(returning response: TransferResponse) {
      continuation?.resume(returning: response)
      continuation = nil
    }

    func resume(throwing error: any Error) {
      continuation?.resume(throwing: error)
      continuation = nil
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
        response = TransferResponse.empty
        var index = bytes.firstIndex(of: 0x20).map { $0 + 1 } ?? end
        var status = 0
        while index < end, let digit = Self.digit(bytes[index]) {
          status = status * 10 + digit
          index += 1
        }
        response.status = status
        return
      }
      guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else { return }
      let name = UnsafeRawBufferPointer(rebasing: bytes[0..<colon])
      func value() -> String {
        var start = colon + 1
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
      }
      if Self.equalsIgnoringCase(name, "content-type") {
        response.contentType = value()
      } else if Self.equalsIgnoringCase(name, "content-length") {
        response.contentLength = Int(value())
      } else if Self.equalsIgnoringCase(name, "location") {
        response.location = value()
      } else if Self.equalsIgnoringCase(name, "retry-after") {
        response.retryAfter = RetryPolicy.parseRetryAfter(value())
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

    /// Opens the file only for a body worth keeping; anything else is aborted at its first byte.
    private func headersComplete() {
      guard (200..<600).contains(response.status), descriptor < 0, !discarded else { return }
      guard response.isKeepable else {
        discarded = true
        return
      }
      descriptor = open(file.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
      if descriptor < 0 {
        failure = .io(path: file.path, reason: String(cString: strerror(errno)))
      } else {
        response.wroteBody = true
      }
    }

    /// Returns how many bytes were taken; fewer than offered aborts the transfer.
    func body(_ bytes: UnsafeRawPointer, count: Int) -> Int {
      guard !discarded, failure == nil else { return 0 }
      if descriptor < 0 { headersComplete() }
      guard descriptor >= 0 else { return 0 }
      var offset = 0
      while offset < count {
        let written = write(descriptor, bytes + offset, count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          failure = .io(path: file.path, reason: String(cString: strerror(errno)))
          return 0
        }
        offset += written
      }
      response.bytesWritten += count
      onBytes(count)
      return count
    }

    func closeFile() {
      guard descriptor >= 0 else { return }
      if close(descriptor) != 0, failure == nil, response.wroteBody {
        failure = .io(path: file.path, reason: String(cString: strerror(errno)))
      }
      descriptor = -1
    }
  }

  private let curlHeaderCallback: rover_curl_data_callback = { data, size, count, context in
    guard let data, let context else { return 0 }
    let length = size * count
    let job = Unmanaged<CurlJob>.fromOpaque(context).takeUnretainedValue()
    job.header(UnsafeRawBufferPointer(start: data, count: length))
    return length
  }

  private let curlWriteCallback: rover_curl_data_callback = { data, size, count, context in
    guard let data, let context else { return 0 }
    let job = Unmanaged<CurlJob>.fromOpaque(context).takeUnretainedValue()
    return job.body(UnsafeRawPointer(data), count: size * count)
  }
#endif
