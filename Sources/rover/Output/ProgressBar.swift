import Foundation
import RoverCore

/// The download progress line on stderr: count, bytes, rate, ETA. Redrawn at most ten times a second, and only
/// when stderr is a terminal.
final class ProgressBar: Sendable {
  private struct State {
    var total = 0
    var done = 0
    var bytes = 0
    var lastDraw = Date.distantPast
    var visible = false
  }

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
    let rate = Double(state.bytes) / elapsed
    let fraction = state.total > 0 ? Double(state.done) / Double(state.total) : 0
    let width = max(10, min(30, Terminal.width - 60))
    let filled = Int(fraction * Double(width))
    let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
    var eta = "--:--"
    if state.done > 0, state.done < state.total {
      eta = ByteFormat.duration(elapsed / Double(state.done) * Double(state.total - state.done))
    }
    return "[\(bar)] \(state.done)/\(state.total)  \(ByteFormat.bytes(state.bytes))  "
      + "\(ByteFormat.bytes(Int(rate)))/s  ETA \(eta)"
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
    return unit == 0 ? "\(Int(value)) B" : String(format: "%.1f %@", value, units[unit])
  }

  static func duration(_ seconds: TimeInterval) -> String {
    let total = Int(seconds.rounded())
    return total >= 3600
      ? String(format: "%d:%02d:%02d", total / 3600, total / 60 % 60, total % 60)
      : String(format: "%d:%02d", total / 60, total % 60)
  }
}
