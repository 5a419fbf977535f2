#if canImport(CCurl)
  internal import CCurl
  import Foundation

  /// One transfer on an easy handle: set up from the request, completed into a response or an error, freed. All of
  /// it runs on the loop thread.
  extension CurlEngine {
    /// The request's headers as libcurl's list, and whether the caller owns it: a handful of distinct sets are kept
    /// by the engine, any more are made for one request and freed with it.
    private func headerList(for headers: [String: String]) -> (list: UnsafeMutablePointer<curl_slist>?, owned: Bool) {
      if let list = headerLists[headers] { return (list, false) }
      var list: UnsafeMutablePointer<curl_slist>?
      for (name, value) in headers { list = rover_curl_slist_append(list, "\(name): \(value)") }
      guard headerLists.count < 16, let list else { return (list, true) }
      headerLists[headers] = list
      return (list, false)
    }

    func start(_ job: CurlJob, in multi: UnsafeMutableRawPointer) {
      // Cancelled before the loop picked it up: its cancellation may already have been consumed.
      if lock.withLock({ job.cancelRequested }) {
        job.resume(throwing: CancellationError())
        return
      }
      guard let handle = idleHandles.popLast() ?? rover_curl_easy_init() else {
        job.resume(throwing: HTTPError.network(url: job.url, reason: "cannot start libcurl"))
        return
      }
      let context = Unmanaged.passUnretained(job).toOpaque()
      rover_curl_easy_set_string(handle, CURLOPT_URL, job.url)
      (job.headerList, job.ownsHeaderList) = headerList(for: job.request.headers)
      rover_curl_easy_set_pointer(handle, CURLOPT_HTTPHEADER, UnsafeMutableRawPointer(job.headerList))
      rover_curl_easy_set_string(handle, CURLOPT_PROTOCOLS_STR, "http,https")
      rover_curl_easy_set_long(handle, CURLOPT_NOSIGNAL, 1)
      // curl's own tool reads 100 KB at a time: a sixth of the read and write calls of the 16 KB default.
      // Within a rate, smaller reads, so the shared budget is kept smoothly rather than 100 KB at a time.
      rover_curl_easy_set_long(handle, CURLOPT_BUFFERSIZE, budget?.chunkBytes ?? 102_400)
      rover_curl_easy_set_long(handle, CURLOPT_FOLLOWLOCATION, 0)
      // Where the server speaks HTTP/2, a new transfer waits for a stream on a connection being opened rather than
      // opening one more, as curl's --parallel does: one TLS connection carries the jobs, not one each. Over https
      // only: TLS says at once whether the host multiplexes, while over plain http libcurl learns it only when the
      // first transfer ends, so every transfer to a slow host waited for the one before (four images trickling
      // past --timeout failed one after another instead of together).
      let secure = job.url.prefix(6).lowercased() == "https:"
      rover_curl_easy_set_long(handle, CURLOPT_PIPEWAIT, secure ? 1 : 0)
      rover_curl_easy_set_long(handle, CURLOPT_CONNECTTIMEOUT, timeout)
      // In place of the system's bundle, as curl's --cacert. Verification itself stays on, always.
      if let caFile { rover_curl_easy_set_string(handle, CURLOPT_CAINFO, caFile) }
      if caFileAlone { rover_curl_easy_set_string(handle, CURLOPT_CAPATH, nil) }
      // Compressed if the server likes, decoded before anything counts or checks the bytes: an API answer's cap,
      // an image's signature (a gzip-encoded JPEG is stored as the JPEG, as URLSession does).
      rover_curl_easy_set_string(handle, CURLOPT_ACCEPT_ENCODING, "")
      if job.isMemory {
        // An API answer is bounded as a whole, so a server that trickles a byte a second cannot hold a command for
        // ever.
        rover_curl_easy_set_long(handle, CURLOPT_TIMEOUT, timeout)
      } else {
        // An image may take long; a trickle is a stall: under 1 KB/s on average for `timeout` seconds.
        // Under a rate shared by many transfers, each may rightly run slower than the usual stall limit.
        let limit = budget.map { min(Self.lowSpeedLimit, max(1, $0.bytesPerSecond / (4 * maxConnections))) }
        rover_curl_easy_set_long(handle, CURLOPT_LOW_SPEED_LIMIT, limit ?? Self.lowSpeedLimit)
        rover_curl_easy_set_long(handle, CURLOPT_LOW_SPEED_TIME, timeout)
        rover_curl_easy_set_long(handle, CURLOPT_TIMEOUT, timeout * TransferBounds.wholeTransferTimeouts)
      }
      rover_curl_easy_set_callback(handle, CURLOPT_HEADERFUNCTION, curlHeaderCallback)
      rover_curl_easy_set_pointer(handle, CURLOPT_HEADERDATA, context)
      rover_curl_easy_set_callback(handle, CURLOPT_WRITEFUNCTION, curlWriteCallback)
      rover_curl_easy_set_pointer(handle, CURLOPT_WRITEDATA, context)
      active[handle] = job
      rover_curl_multi_add_handle(multi, handle)
    }

    func complete(
      _ handle: UnsafeMutableRawPointer, _ job: CurlJob, in multi: UnsafeMutableRawPointer, result: CURLcode
    ) {
      var code = 0
      rover_curl_easy_response_code(handle, &code)
      if job.status == 0 { job.status = code }
      if let failure = job.failure {
        finish(handle, job, in: multi, error: failure)
      } else if result == CURLE_OK || (result == CURLE_WRITE_ERROR && job.discarded) {
        finish(handle, job, in: multi, error: nil)
      } else if result == CURLE_PARTIAL_FILE {
        finish(
          handle, job, in: multi,
          error: HTTPError.shortBody(
            url: job.url, expected: job.contentLength, received: job.bytesWritten + job.body.count))
      } else {
        finish(handle, job, in: multi, error: error(result, job: job))
      }
    }

    func finish(
      _ handle: UnsafeMutableRawPointer, _ job: CurlJob, in multi: UnsafeMutableRawPointer, error: (any Error)?
    ) {
      rover_curl_multi_remove_handle(multi, handle)
      // Kept for the next transfer, options reset: a new handle costs its allocations (and its 100 KB buffer) for
      // every image. As many are kept as transfers run at once.
      if idleHandles.count < maxConnections {
        rover_curl_easy_reset(handle)
        idleHandles.append(handle)
      } else {
        rover_curl_easy_cleanup(handle)
      }
      if job.ownsHeaderList { rover_curl_slist_free_all(job.headerList) }
      active[handle] = nil
      if let error { job.resume(throwing: error) } else { job.resume(returning: job.finished()) }
    }

    func error(_ result: CURLcode, job: CurlJob) -> HTTPError {
      let url = job.url
      switch result {
      case CURLE_OPERATION_TIMEDOUT: return .timedOut(url: url, seconds: timeout)
      case CURLE_COULDNT_CONNECT: return .connectionRefused(url: url)
      case CURLE_COULDNT_RESOLVE_HOST: return .hostNotFound(url: url)
      case CURLE_GOT_NOTHING: return .network(url: url, reason: "empty reply from server")
      case CURLE_RECV_ERROR, CURLE_SEND_ERROR: return .network(url: url, reason: "connection lost")
      case CURLE_PEER_FAILED_VERIFICATION:
        return .untrustedCertificate(url: url, host: URL(string: url)?.host ?? url, caFile: caFile)
      case CURLE_SSL_CACERT_BADFILE:
        return .unavailable(reason: "cannot use the CA file \(caFile ?? "of the system") for \(url)")
      case CURLE_SSL_CONNECT_ERROR:
        return .network(url: url, reason: "TLS handshake failed")
      case CURLE_BAD_CONTENT_ENCODING: return .network(url: url, reason: "a compressed answer that does not decompress")
      default: return .network(url: url, reason: String(cString: rover_curl_easy_strerror(result)))
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
