#if canImport(CCurl)
  internal import CCurl
  import Foundation

  #if canImport(Glibc)
    import Glibc
  #endif

  /// Every request on libcurl's multi interface: one thread drives every transfer, image bodies go from libcurl's
  /// buffer straight to their file with `write(2)`, API answers into memory (decompressed, capped), and connections
  /// are reused across requests. On loopback this costs a fraction of URLSession's CPU per image and keeps memory
  /// flat for large files (bench/results.md); it also spares a process libcurl's thirty libraries until its first
  /// request, since libcurl is loaded then.
  ///
  /// The loop thread runs while there is work and a moment after, then ends; the next request (or task job) starts
  /// another. It also runs the jobs of tasks that prefer the engine as their executor (a download's), between
  /// transfers. Every piece of mutable state is owned by the loop thread, except what other threads touch under
  /// `lock` (`incoming`, `cancelled`, `jobs`, `stopping`, `looping`, `polling`, `woken`, and `multi` until it is
  /// made); that is why the class is `@unchecked Sendable`.
  package final class CurlEngine: HTTPEngine, TaskExecutor, @unchecked Sendable {
    /// Bytes a second below which an image transfer counts as stalled.
    static let lowSpeedLimit = 1024
    /// The largest file written: no Mars image comes near it, an endless stream stops at it.
    static let maxFileBytes = 1 << 30
    /// How long an idle loop waits for more work before its thread ends.
    static let lingerMilliseconds: Int32 = 250

    let maxConnections: Int
    let timeout: Int
    /// The largest API answer kept, counted decompressed, so a gzip bomb stops at the cap.
    let maxBodyBytes: Int
    /// The rate shared with every other transfer of the run (`--limit-rate`); nil: unlimited.
    let budget: TransferBudget?
    /// The PEM file of CAs servers are verified against (`CURLOPT_CAINFO`, curl's `--cacert`); nil: the system's.
    let caFile: String?
    // Internal, not private, where the engine's `CurlEngine+Transfer.swift` needs it: the rules above still hold.
    let lock = NSLock()
    private var multi: UnsafeMutableRawPointer?
    private var incoming: [CurlJob] = []
    /// Held, not identified: a finished job's address could be taken by a new one.
    private var cancelled: [CurlJob] = []
    private var stopping = false
    private var looping = false
    /// The loop is in (or about to enter) `poll`, and whether it was already woken from it.
    private var polling = false
    private var woken = false
    /// Swift jobs of the tasks that prefer this engine as their executor, run by the loop between transfers.
    private var jobs: [UnownedJob] = []
    /// Whether transfers trust a CA file alone, with no CA directory (`CURLOPT_CAPATH`) beside it: the given file,
    /// or libcurl's built-in bundle (Debian's names `/etc/ssl/certs` too, which holds the same certificates). Only
    /// then does libcurl build the certificate store once and keep it in the multi handle for every connection,
    /// instead of parsing the bundle anew for each (10–20 ms of CPU with OpenSSL 3: bench/README.md). Set with
    /// `multi`, under the lock, before any transfer starts; false when libcurl knows no CA file of its own.
    private(set) var caFileAlone = false
    /// Loop-thread state: easy handles of finished transfers, reset, for the next ones.
    var idleHandles: [UnsafeMutableRawPointer] = []
    /// Loop-thread state: jobs by easy handle.
    var active: [UnsafeMutableRawPointer: CurlJob] = [:]
    /// Loop-thread state: libcurl's lists of request headers, made once for each set of headers (a download sends
    /// the same two with every image), freed with the engine.
    var headerLists: [[String: String]: UnsafeMutablePointer<curl_slist>] = [:]

    package init(
      maxConnections: Int, timeout: TimeInterval, maxBodyBytes: Int = HTTPEngines.defaultMaxBodyBytes,
      budget: TransferBudget? = nil, caFile: String? = nil
    ) {
      self.budget = budget
      self.caFile = caFile
      self.maxConnections = max(1, maxConnections)
      self.timeout = max(1, Int(timeout.rounded(.up)))
      self.maxBodyBytes = maxBodyBytes
    }

    deinit {
      for handle in idleHandles { rover_curl_easy_cleanup(handle) }
      if let multi { rover_curl_multi_cleanup(multi) }
      for list in headerLists.values { rover_curl_slist_free_all(list) }
    }

    package func perform(_ request: HTTPRequest) async throws -> HTTPResponse {
      try checkUsable()
      let job = CurlJob(request: request, maxBodyBytes: maxBodyBytes, budget: budget)
      return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
          job.continuation = continuation
          if !submit({ incoming.append(job) }) {
            job.resume(throwing: HTTPError.unavailable(reason: "libcurl could not start a transfer"))
          }
        }
      } onCancel: {
        let multi = lock.withLock {
          job.cancelRequested = true
          cancelled.append(job)
          return self.multi
        }
        if let multi { rover_curl_multi_wakeup(multi) }
      }
    }

    /// Throws the one error that says libcurl cannot be loaded, naming the package to install.
    package func checkUsable() throws {
      try Self.loadLibcurl()
      guard lock.withLock({ ensureMulti() }) else {
        throw HTTPError.unavailable(reason: "libcurl could not start a transfer")
      }
    }

    /// Loads libcurl (once) or throws the one error that names the package to install; the URLSession engine,
    /// whose libcurl calls go through CCurl's forwarders, asks the same.
    static func loadLibcurl() throws {
      guard rover_curl_load() == 0 else {
        let reason = rover_curl_load_error().map { String(cString: $0) } ?? "unknown error"
        throw HTTPError.unavailable(reason: "cannot load libcurl (\(reason)); install it: apt-get install libcurl4")
      }
    }

    /// Hands the loop work (`add`, run under the lock), waking the loop if it sleeps in `poll`, or starting it;
    /// false when libcurl cannot run anything.
    private func submit(_ add: () -> Void) -> Bool {
      let (multi, wake, start) = lock.withLock { () -> (UnsafeMutableRawPointer?, Bool, Bool) in
        guard ensureMulti() else { return (nil, false, false) }
        add()
        // One wake-up per sleep: the loop takes all the work waiting each time it wakes.
        let wake = looping && polling && !woken
        if wake { woken = true }
        defer { looping = true }
        return (self.multi, wake, !looping)
      }
      guard let multi else { return false }
      if start {
        let thread = Thread { [self] in loop() }
        thread.name = "rover.curl"
        thread.start()
      } else if wake {
        rover_curl_multi_wakeup(multi)
      }
      return true
    }

    /// Call under `lock`.
    private func ensureMulti() -> Bool {
      if multi == nil { multi = makeMulti() }
      return multi != nil
    }

    /// Runs a job of a task that prefers this engine (a download's tasks): on the loop thread, between transfers,
    /// so a finished transfer resumes its task there and then, with no thread to wake. The cooperative pool would
    /// cost two thread hand-offs per image, more CPU than the rest of the image's Swift work together.
    package func enqueue(_ job: consuming ExecutorJob) {
      let job = UnownedJob(job)
      if !submit({ jobs.append(job) }) {
        // libcurl failed after all: the job still has to run somewhere.
        globalConcurrentExecutor.enqueue(ExecutorJob(job))
      }
    }

    /// Lets the loop thread end as soon as the transfers in flight are done, without lingering.
    package func shutdown() {
      let multi = lock.withLock {
        stopping = true
        return self.multi
      }
      if let multi { rover_curl_multi_wakeup(multi) }
    }

    /// Resumes the transfers paused for the rate once its budget allows again; returns how long the loop may poll
    /// before a paused transfer is due (milliseconds, `Int32.max` when none waits). Called after `perform`, where
    /// the write callbacks pause transfers: a paused transfer's socket is not polled, so nothing else wakes the loop.
    private func resumePaused() -> Int32 {
      guard let budget, active.values.contains(where: \.paused) else { return .max }
      if budget.secondsUntilAvailable <= 0 {
        for (handle, job) in active where job.paused {
          job.paused = false
          // libcurl may deliver the held bytes from inside this call, and the callback may pause it again.
          rover_curl_easy_unpause(handle)
        }
      }
      guard active.values.contains(where: \.paused) else { return .max }
      return Int32(min(1000, max(1, (budget.secondsUntilAvailable * 1000).rounded(.up))))
    }

    private func makeMulti() -> UnsafeMutableRawPointer? {
      guard let multi = rover_curl_multi_init() else { return nil }
      rover_curl_multi_set_long(multi, CURLMOPT_MAX_HOST_CONNECTIONS, maxConnections)
      rover_curl_multi_set_long(multi, CURLMOPT_MAX_TOTAL_CONNECTIONS, maxConnections)
      // Idle connections kept for reuse. libcurl's default is four per easy handle in the multi, and a download
      // adds one handle per transfer and removes it when done: each time few transfers run, idle connections
      // beyond that were closed, and a new TLS handshake paid for the next image (42 connections for 16 jobs).
      rover_curl_multi_set_long(multi, CURLMOPT_MAXCONNECTS, maxConnections)
      if caFile != nil {
        caFileAlone = true
      } else if let builtin = rover_curl_builtin_ca_file() {
        free(builtin)
        caFileAlone = true
      }
      return multi
    }

    private func loop() {
      // Set before any loop starts, and never changed after.
      guard let multi = lock.withLock({ self.multi }) else { return }
      var idleSince: UInt64?
      while true {
        let (runnable, new, cancelling, stop) = lock.withLock { () -> ([UnownedJob], [CurlJob], [CurlJob], Bool) in
          defer {
            jobs.removeAll(keepingCapacity: true)
            incoming.removeAll()
            cancelled.removeAll()
          }
          return (jobs, incoming, cancelled, stopping)
        }
        // Tasks first: a task resumed by the transfers finished last time usually starts the next transfer.
        for job in runnable { job.runSynchronously(on: asUnownedTaskExecutor()) }
        for job in new { start(job, in: multi) }
        if !cancelling.isEmpty {
          for (handle, job) in active where cancelling.contains(where: { $0 === job }) {
            finish(handle, job, in: multi, error: CancellationError())
          }
        }
        // A job cancelled before it started: it may still be in `new`, now in `active`, handled above.
        if active.isEmpty && runnable.isEmpty {
          let now = DispatchTime.now().uptimeNanoseconds
          let since = idleSince ?? now
          idleSince = since
          let lingered = now - since >= UInt64(Self.lingerMilliseconds) * 1_000_000
          // Ends only if nothing arrived meanwhile; the next request then starts a new thread.
          if stop || lingered {
            let ended = lock.withLock { () -> Bool in
              guard incoming.isEmpty, jobs.isEmpty else { return false }
              looping = false
              stopping = false
              return true
            }
            if ended { return }
          }
        } else {
          idleSince = nil
        }
        var running: Int32 = 0
        rover_curl_multi_perform(multi, &running)
        var handle: UnsafeMutableRawPointer?
        var result = CURLE_OK
        while rover_curl_multi_next_done(multi, &handle, &result) == 1 {
          if let handle, let job = active[handle] { complete(handle, job, in: multi, result: result) }
        }
        let pausedWait = resumePaused()
        // Set under the lock with the last look at the queues: work added after it wakes the poll.
        let wait = lock.withLock { () -> Int32 in
          guard jobs.isEmpty, incoming.isEmpty, cancelled.isEmpty else { return 0 }
          polling = true
          return min(active.isEmpty ? Self.lingerMilliseconds : 1000, pausedWait)
        }
        if wait > 0 { rover_curl_multi_poll(multi, wait) }
        lock.withLock {
          polling = false
          woken = false
        }
      }
    }
  }
#endif
