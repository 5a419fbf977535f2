import Foundation
import RoverCore

/// What of the library's events a user sees on stderr: requests only with `--verbose`, a waiting line and page
/// progress only on a terminal, retries and warnings always.
enum ClientEventPrinter {
  static func handler(verbose: Bool) -> ClientEventHandler {
    let warnedRateLimit = Locked(false)
    return { event in
      switch event {
      case .request(let url):
        if verbose {
          StandardError.line("rover: GET \(url)")
        } else if Terminal.showProgress {
          // Some feeds take 20 s an answer: show that we are waiting, and on what.
          let host = ControlCharacters.escaped(URL(string: url)?.host ?? "the service")
          StandardError.status("waiting for \(host)…")
        }
      case .response(let url, let status, let seconds):
        if verbose {
          StandardError.line("rover: \(status) \(url) (\(Int(seconds * 1000)) ms)")
        } else if Terminal.showProgress {
          StandardError.clearStatus()
        }
      case .cached(let what, let age):
        // No request line shows for it: say where the answer came from (`line` escapes what a user typed).
        if verbose { StandardError.line("rover: cache: \(what) (cached \(DurationText.describe(max(0, age))) ago)") }
      case .retrying(let url, let attempt, let delay, let cause):
        let reason = NoticeWording.reason(cause)
        // The reason names the URL already, as a rule: say it once.
        let place = reason.contains(url) ? "" : " (\(url))"
        StandardError.line("rover: warning: \(reason); retry \(attempt) in \(String(format: "%.1f", delay))s\(place)")
      case .rateLimitLow(let remaining, let limit):
        let first = warnedRateLimit.isFirst()
        if first || verbose {
          let of = limit.map { " of \($0)" } ?? ""
          StandardError.line("rover: warning: \(remaining)\(of) requests left in this rate-limit window")
        }
      case .progress(let done, let total):
        if Terminal.showProgress, let total {
          StandardError.status("fetching pages \(done)/\(total)")
          if done >= total { StandardError.clearStatus() }
        }
      case .warning(.olderVersionsLeftOut):
        // Each command says this once a run, summed over its listings (FrameFilterOptions.sayOlderVersions).
        break
      case .warning(let notice):
        StandardError.line("rover: warning: \(NoticeWording.text(notice))")
      case .serviceFailed(let service, let cause):
        // The error line sums these up; only a verbose log needs each one.
        if verbose { StandardError.line("rover: \(service): \(NoticeWording.reason(cause))") }
      }
    }
  }
}
