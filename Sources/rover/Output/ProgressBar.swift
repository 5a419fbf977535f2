import Foundation
import RoverCore

/// The download progress line on stderr: count, bytes, rate, ETA. Redrawn at most ten times a second, and only
/// when stderr is a terminal. It never wraps (a wrapped line leaves a stale copy on every redraw): fields are
/// dropped to fit the terminal's width, as curl and yt-dlp do. The total carries a `+` while the listing is still
/// announcing photos, so a growing total is never shown as final; the ETA is reckoned from the listing's estimate
/// of the whole once a few photos set the rate.
final class ProgressBar: Sendable {
  private struct State {
    var total = 0
    var done = 0
    var bytes = 0
    var lastDraw = Date.distantPast
    var visible = false
    /// The listing has ended: `total` is final.
    var totalIsFinal = false
    /// What the listing expects the total to reach (the service's counts), for the ETA while it is not final.
    var estimate = 0
  }

  /// Photos settled before the rate counts as steady enough for an ETA: the first few include the connections'
  /// set-up and say little of the rest.
  static let steadyAfter = 5

  private let state = Locked(State())
  private let started = Date()
  let enabled: Bool

  init(enabled: Bool = Terminal.showProgress) { self.enabled = enabled }

  func handle(_ event: DownloadEvent) {
    guard enabled else { return }
    let line: String? = state.withLock { state in
      switch event {
      case .planned(let total): state.total += total
      case .bytes(let count): state.bytes += count
      case .finished: state.done += 1
      case .listingEnded: state.totalIsFinal = true
      case .estimated(let total): state.estimate = max(0, total)
      case .warning: return nil
      }
      let now = Date()
      guard now.timeIntervalSince(state.lastDraw) >= 0.1 || state.done == state.total else { return nil }
      state.lastDraw = now
      state.visible = true
      return render(state, now: now)
    }
    if let line { StandardError.write("\r\u{1B}[2K" + line) }
  }

  /// Prints a message line above the bar: clear the bar, write the line, let the next update redraw the bar.
  /// `--quiet` keeps only errors.
  func message(_ line: String, isError: Bool = false) {
    guard isError || !StandardError.quiet else { return }
    let visible =
      enabled
      && state.withLock { state in
        defer { state.lastDraw = .distantPast }
        return state.visible
      }
    StandardError.write((visible ? "\r\u{1B}[2K" : "") + ControlCharacters.escaped(line) + "\n")
  }

  /// Clears the bar so the summary starts on a clean line.
  func finish() {
    guard enabled, state.withLock({ $0.visible }) else { return }
    StandardError.write("\r\u{1B}[2K")
  }

  private func render(_ state: State, now: Date) -> String {
    let elapsed = max(0.001, now.timeIntervalSince(started))
    var eta: String?
    // The total expected: the final one, or while the listing goes on the larger of what it has announced and
    // what it expects (a growing total would make every ETA too short).
    let expected = state.totalIsFinal ? state.total : max(state.total, state.estimate)
    if state.done >= Self.steadyAfter, state.done < expected {
      eta = ByteFormat.duration(elapsed / Double(state.done) * Double(expected - state.done))
    }
    return Self.line(
      done: state.done, total: state.total, final: state.totalIsFinal, bytes: state.bytes,
      rate: Int(Double(state.bytes) / elapsed), eta: eta, width: Terminal.width)
  }

  /// `[####------] 152/200  3.1 MB  1.2 MB/s  ETA 0:04` in at most `width - 1` columns (the last column would
  /// wrap on some terminals). The count always shows; then, as room allows, a bar of at least 10, the ETA, the
  /// rate and the bytes; the bar takes what is left, up to 30.
  static func line(
    done: Int, total: Int, final: Bool, bytes: Int, rate: Int, eta: String?, width: Int
  ) -> String {
    let room = max(1, width - 1)
    let count = "\(done)/\(total)\(final ? "" : "+")"
    let minimumBar = 10
    var used = count.count
    var hasBar = false
    if used + minimumBar + 3 <= room {
      hasBar = true
      used += minimumBar + 3
    }
    // In the order they give way: the bytes first, the ETA last.
    var extras: [String?] = [nil, nil, nil]
    let candidates = ["ETA \(eta ?? "--:--")", "\(ByteFormat.bytes(rate))/s", ByteFormat.bytes(bytes)]
    for (index, field) in candidates.enumerated() where used + 2 + field.count <= room {
      extras[index] = field
      used += 2 + field.count
    }
    let text = ([count] + [extras[2], extras[1], extras[0]].compactMap { $0 }).joined(separator: "  ")
    guard hasBar else { return String(text.prefix(room)) }
    let barWidth = min(30, minimumBar + room - used)
    let fraction = total > 0 ? min(1, Double(done) / Double(total)) : 0
    let filled = Int(fraction * Double(barWidth))
    return "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: barWidth - filled) + "] "
      + text
  }
}

/// Human-readable sizes and durations.
enum ByteFormat {
  static func bytes(_ count: Int) -> String {
    let units = ["B", "KB", "MB", "GB", "TB"]
    var value = Double(max(0, count))
    var unit = 0
    while value >= 1000, unit < units.count - 1 {
      value /= 1000
      unit += 1
    }
    return unit == 0 ? "\(Int(value)) B" : oneDecimal(value) + " " + units[unit]
  }

  /// A size or a number of seconds (never negative) to one decimal, as `%.1f` would print it but for a rare tie:
  /// without `String(format:)`, whose Foundation formatter cost a run more than its last transfer.
  static func oneDecimal(_ value: Double) -> String {
    guard value.isFinite, value >= 0, value < 1e15 else { return "\(value)" }
    let tenths = Int((value * 10).rounded(.toNearestOrEven))
    return "\(tenths / 10).\(tenths % 10)"
  }

  static func duration(_ seconds: TimeInterval) -> String {
    let total = Int(seconds.rounded())
    return total >= 3600
      ? String(format: "%d:%02d:%02d", total / 3600, total / 60 % 60, total % 60)
      : String(format: "%d:%02d", total / 60, total % 60)
  }
}
