import Foundation
import RoverCore

/// Builds the service a command talks to from its connection options, and decides what of the library's events a
/// user sees on stderr.
struct ServiceContext {
  let settings: ConnectionSettings
  let options: ConnectionOptions

  init(_ options: ConnectionOptions, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
    self.options = options
    settings = try ConnectionSettings.resolve(flags: options.flags, environment: environment)
  }

  var configuration: ServiceConfiguration {
    let environment = ProcessInfo.processInfo.environment
    // A tuning knob for slow links and for the tests, which should not sleep for real backoff delays.
    let baseDelay = environment["ROVER_RETRY_BASE_DELAY"].flatMap(Double.init) ?? 0.5
    return settings.serviceConfiguration(
      timeout: options.timeout ?? 30, retries: options.retries ?? 3, retryBaseDelay: baseDelay)
  }

  var responseCache: ResponseCache {
    ResponseCache(directory: settings.cacheDirectory.value, maxBytes: settings.cacheMaxBytes.value)
  }

  func makeService() -> any PhotoService {
    let events = ServiceContext.eventHandler(verbose: options.verbose)
    if settings.service.value == .nasaRaw {
      return RawFeedClient(
        configuration: configuration, options: options.rawFeedOptions, cache: responseCache,
        cacheMode: options.cacheMode, events: events)
    }
    return RoverClient(
      configuration: configuration, cache: responseCache, cacheMode: options.cacheMode, events: events)
  }

  static func eventHandler(verbose: Bool) -> ClientEventHandler {
    let warnedRateLimit = Locked(false)
    return { event in
      switch event {
      case .request(let url):
        if verbose {
          StandardError.line("rover: GET \(url)")
        } else if Terminal.showProgress {
          // Some feeds take 20 s an answer: show that we are waiting, and on what.
          StandardError.write("\r\u{1B}[2Kwaiting for \(URL(string: url)?.host ?? "the service")…")
        }
      case .response(let url, let status, let seconds):
        if verbose {
          StandardError.line("rover: \(status) \(url) (\(Int(seconds * 1000)) ms)")
        } else if Terminal.showProgress {
          StandardError.write("\r\u{1B}[2K")
        }
      case .retrying(let url, let attempt, let delay, let reason):
        StandardError.line(
          "rover: warning: \(reason); retry \(attempt) in \(String(format: "%.1f", delay))s (\(url))")
      case .rateLimitLow(let remaining, let limit):
        let first = warnedRateLimit.withLock { warned in
          defer { warned = true }
          return !warned
        }
        if first || verbose {
          let of = limit.map { " of \($0)" } ?? ""
          StandardError.line("rover: warning: \(remaining)\(of) requests left in this rate-limit window")
        }
      case .progress(let done, let total):
        if Terminal.showProgress, let total {
          StandardError.write("\r\u{1B}[2Kfetching pages \(done)/\(total)")
          if done >= total { StandardError.write("\r\u{1B}[2K") }
        }
      case .warning(let message):
        StandardError.line("rover: warning: \(message)")
      }
    }
  }
}
