import Foundation

/// One rate shared by every transfer that holds it (`--limit-rate`): a token bucket in bytes, refilled at
/// `bytesPerSecond`, that a transfer may take a chunk from only while the bucket is not in debt.
///
/// Why a shared bucket rather than libcurl's `CURLOPT_MAX_RECV_SPEED_LARGE`: that option limits each transfer on
/// its own, and the rate is over all of them together (answers and images, both engines). Dividing the rate by the
/// number of transfers would leave one large image at a fraction of it. Here a chunk is taken whole (the bucket may
/// go below zero by one chunk), and a transfer that finds the bucket in debt waits: libcurl's is paused by its write
/// callback and resumed by the engine's loop once the debt is paid; URLSession's delivery waits in its delegate.
/// So by any moment `t` seconds after the first byte, at most `burst + chunk + bytesPerSecond × t` bytes have been
/// taken, whatever the number of transfers.
///
/// The state lives behind `lock`; that is why the class is `@unchecked Sendable`.
package final class TransferBudget: @unchecked Sendable {
  /// The rate, in bytes a second (at least 1).
  package let bytesPerSecond: Int
  /// The most bytes saved up while nothing is received: an eighth of a second's worth (at least 1 KB), so a pause
  /// in the transfers is not made up for by a burst above the rate.
  let burst: Double
  private let lock = NSLock()
  /// Bytes that may be taken now; negative while in debt. Starts empty, so the first second is not a burst.
  private var tokens = 0.0
  private var updated = DispatchTime.now().uptimeNanoseconds

  /// A budget of `bytesPerSecond`, clamped to 1…``ByteRateText/maxBytesPerSecond``.
  package init(bytesPerSecond: Int) {
    self.bytesPerSecond = min(max(1, bytesPerSecond), ByteRateText.maxBytesPerSecond)
    burst = max(1024, Double(self.bytesPerSecond) / 8)
  }

  /// The size of the chunks a transfer should read, in bytes: about an eighth of a second's worth, between libcurl's
  /// smallest buffer (1 KB) and its usual 100 KB, so a slow rate is kept smoothly rather than in big lumps.
  package var chunkBytes: Int {
    min(102_400, max(1024, bytesPerSecond / 8))
  }

  /// Takes `count` bytes and returns 0 when the bucket is not in debt; otherwise takes nothing and returns the
  /// seconds until it is out of debt, for the caller to wait before offering the bytes again.
  package func take(_ count: Int) -> TimeInterval {
    lock.withLock {
      refill()
      guard tokens >= 0 else { return -tokens / Double(bytesPerSecond) }
      tokens -= Double(count)
      return 0
    }
  }

  /// Seconds until a transfer may take bytes again: 0 when it may now.
  package var secondsUntilAvailable: TimeInterval {
    lock.withLock {
      refill()
      return tokens >= 0 ? 0 : -tokens / Double(bytesPerSecond)
    }
  }

  /// Takes `count` bytes, blocking the calling thread while the bucket is in debt: for URLSession's delegate,
  /// whose delivery of the next chunk waits for this one.
  package func takeWaiting(_ count: Int) {
    while true {
      let wait = take(count)
      if wait <= 0 { return }
      Thread.sleep(forTimeInterval: min(wait, 1))
    }
  }

  /// Call under `lock`.
  private func refill() {
    let now = DispatchTime.now().uptimeNanoseconds
    let elapsed = Double(now &- updated) / 1_000_000_000
    updated = now
    tokens = min(burst, tokens + elapsed * Double(bytesPerSecond))
  }
}
