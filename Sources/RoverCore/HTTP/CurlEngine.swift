#if canImport(CCurl)
  import CCurl
  import Foundation

  #if canImport(Glibc)
    import Glibc
  #endif

  /// Image files on libcurl's multi interface: one thread drives every transfer, bodies go from libcurl's buffer
  /// straight to the file with `write(2)`, and connections are reused across images. On loopback this costs a
  /// fraction of URLSession's CPU per image and keeps memory flat for large files (bench/results.md).
  ///
  /// Every piece of mutable state is owned by the loop thread, except `incoming` and `cancelled`, which other
  /// threads touch only under `lock`; that is why the class is `@unchecked Sendable`.
  public final class CurlEngine: HTTPEngine, @unchecked Sendable {
    private static let globalInit: Void = { curl_global_init(Int(CURL_GLOBAL_DEFAULT)) }()
    /// Bytes a second below which a transfer counts as stalled.
    static let lowSpeedLimit = 1024
    /// The largest file written: no Mars image comes near it, an endless stream stops at it.
    static let maxFileBytes = 1 << 30

    private let multi: UnsafeMutableRawPointer
    private let timeout: Int
    private let lock = NSLock()
    private var incoming: [CurlJob] = []
    private var cancelled: Set<ObjectIdentifier> = []
    private var stopping = false
    /// Loop-thread state: jobs by easy handle.
    private var active: [UnsafeMutableRawPointer: CurlJob] = [:]

    public init(maxConnections: Int, timeout: TimeInterval) {
      _ = Self.globalInit
      guard let multi = curl_multi_init() else { preconditionFailure("libcurl could not create a multi handle") }
      self.multi = multi
      self.timeout = max(1, Int(timeout.rounded(.up)))
      rover_curl_multi_set_long(multi, CURLMOPT_MAX_HOST_CONNECTIONS, max(1, maxConnections))
      rover_curl_multi_set_long(multi, CURLMOPT_MAX_TOTAL_CONNECTIONS, max(1, maxConnections))
      let thread = Thread { [self] in loop() }
      thread.name = "rover.curl"
      thread.start()
    }

    public func perform(_ request: HTTPRequest) async throws -> HTTPResponse {
      let job = CurlJob(request: request)
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

    /// Ends the loop thread once the transfers in flight are done.
    public func shutdown() {
      let wake = lock.withLock {
        defer { stopping = true }
        return !stopping
      }
      if wake { curl_multi_wakeup(multi) }
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
    }

    private func start(_ job: CurlJob) {
      // Cancelled before the loop picked it up: its cancellation may already have been consumed.
      if lock.withLock({ job.cancelRequested }) {
        job.resume(throwing: CancellationError())
        return
      }
      guard let handle = curl_easy_init() else {
        job.resume(throwing: HTTPError.network(url: job.url, reason: "cannot start libcurl"))
        return
      }
      let context = Unmanaged.passUnretained(job).toOpaque()
      rover_curl_easy_set_string(handle, CURLOPT_URL, job.url)
      rover_curl_easy_set_pointer(handle, CURLOPT_HTTPHEADER, UnsafeMutableRawPointer(job.headerList))
      rover_curl_easy_set_string(handle, CURLOPT_PROTOCOLS_STR, "http,https")
      rover_curl_easy_set_long(handle, CURLOPT_NOSIGNAL, 1)
      // curl's own tool reads 100 KB at a time: a sixth of the read and write calls of the 16 KB default.
      rover_curl_easy_set_long(handle, CURLOPT_BUFFERSIZE, 102_400)
      rover_curl_easy_set_long(handle, CURLOPT_FOLLOWLOCATION, 0)
      rover_curl_easy_set_long(handle, CURLOPT_CONNECTTIMEOUT, timeout)
      // A trickle is a stall: under 1 KB/s on average for `timeout` seconds is a timeout, retried like one.
      rover_curl_easy_set_long(handle, CURLOPT_LOW_SPEED_LIMIT, Self.lowSpeedLimit)
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
      if job.status == 0 { job.status = code }
      if let failure = job.failure {
        finish(handle, job, error: failure)
      } else if result == CURLE_OK || (result == CURLE_WRITE_ERROR && job.discarded) {
        finish(handle, job, error: nil)
      } else if result == CURLE_PARTIAL_FILE {
        finish(
          handle, job,
          error: HTTPError.shortBody(
            url: job.url, expected: job.contentLength, received: job.bytesWritten + job.body.count))
      } else {
        finish(handle, job, error: error(result, job: job))
      }
    }

    private func finish(_ handle: UnsafeMutableRawPointer, _ job: CurlJob, error: (any Error)?) {
      curl_multi_remove_handle(multi, handle)
      curl_easy_cleanup(handle)
      active[handle] = nil
      if let error { job.resume(throwing: error) } else { job.resume(returning: job.finished()) }
    }

    func error(_ result: CURLcode, job: CurlJob) -> HTTPError {
      let url = job.url
      switch result {
      case CURLE_OPERATION_TIMEDOUT: return .timedOut(url: url, seconds: timeout)
      case CURLE_COULDNT_CONNECT: return .network(url: url, reason: "connection refused")
      case CURLE_COULDNT_RESOLVE_HOST: return .hostNotFound(url: url)
      case CURLE_GOT_NOTHING: return .network(url: url, reason: "empty reply from server")
      case CURLE_RECV_ERROR, CURLE_SEND_ERROR: return .network(url: url, reason: "connection lost")
      case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION:
        return .network(url: url, reason: "TLS handshake failed")
      default: return .network(url: url, reason: String(cString: curl_easy_strerror(result)))
      }
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
