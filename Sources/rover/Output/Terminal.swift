import Foundation
import RoverCore

#if canImport(Glibc)
  import Glibc
#endif

/// What the process is attached to, decided once: color and progress only make sense on a terminal.
enum Terminal {
  static var stdoutIsTTY: Bool { isatty(STDOUT_FILENO) == 1 }
  static var stderrIsTTY: Bool { isatty(STDERR_FILENO) == 1 }
  static var noColor: Bool { ProcessInfo.processInfo.environment["NO_COLOR"].map { !$0.isEmpty } ?? false }

  static var isDumb: Bool { ProcessInfo.processInfo.environment["TERM"] == "dumb" }

  static func useColor(_ mode: ColorMode) -> Bool {
    switch mode {
    // Asked for in so many words: that wins over the environment's general wish (NO_COLOR's own rule).
    case .always: return true
    case .never: return false
    // A terminal that says it cannot do attributes (`TERM=dumb`: Emacs shells, some CI logs) gets none.
    case .auto: return stdoutIsTTY && !noColor && !isDumb
    }
  }

  /// Progress is drawn on stderr, and only when a person is watching it and did not ask for quiet, on a terminal
  /// that can erase a line (not `TERM=dumb`).
  static var showProgress: Bool { stderrIsTTY && !StandardError.quiet && !isDumb }

  /// The width of the terminal stdout is on, or nil when stdout is not a terminal.
  static var stdoutWidth: Int? {
    var size = winsize()
    guard stdoutIsTTY, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }

  static var width: Int {
    var size = winsize()
    if ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
    return 80
  }
}

/// Writes to stderr without buffering, so messages interleave correctly with progress lines.
enum StandardError {
  /// `--quiet`: only errors reach stderr. Read once from the command line (before `--`), on first use: a constant,
  /// so every thread reads it without a lock, and no code can change it halfway through a run.
  static let quiet = QuietFlag.isGiven(in: CommandLine.arguments.dropFirst())

  /// Writes as is: for our own terminal codes (progress), with any server text already escaped by the caller.
  static func write(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
  }

  /// One message line; control characters from a server (a camera name, a URL, an error body) are shown, not
  /// obeyed, and cannot break the line in two.
  static func line(_ text: String) {
    guard !quiet else { return }
    write(clearingStatus() + ControlCharacters.escaped(text) + "\n")
  }

  /// A failure: printed even with `--quiet`.
  static func error(_ text: String) {
    write(clearingStatus() + ControlCharacters.escaped(text) + "\n")
  }

  private static let statusShown = Locked(false)

  /// A transient status on the terminal ("waiting for host…"), replaced by the next one, cleared before any line
  /// and at exit, so Ctrl-C never leaves it half-erased in front of the shell prompt.
  static func status(_ text: String) {
    statusShown.withLock { $0 = true }
    write("\r\u{1B}[2K" + text)
  }

  static func clearStatus() {
    let shown = clearingStatus()
    if !shown.isEmpty { write(shown) }
  }

  private static func clearingStatus() -> String {
    statusShown.withLock { shown in
      defer { shown = false }
      return shown ? "\r\u{1B}[2K" : ""
    }
  }
}
