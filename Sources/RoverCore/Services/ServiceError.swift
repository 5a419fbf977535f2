import Foundation

/// What a photo service answered that is not photos. Each case carries the input or URL (already redacted) so its
/// message can name what to look at. Transport failures are ``HTTPError``s.
///
/// New cases may come in a minor version (Swift on Linux builds RoverCore without library evolution, so the enum
/// cannot be marked non-frozen): switch over the cases you act on and end with `default:`.
public enum ServiceError: Error, Equatable, Sendable {
  /// No service knows a rover of this name.
  case unknownRover(name: String)
  /// No photo has this id.
  case photoNotFound(id: String)
  /// The service answered 404 for a route it should have: usually a wrong base URL.
  case notFound(url: String)
  /// The chosen service does not have this rover (the others may).
  case unavailableRover(name: String, service: String)
  /// The service refused the API key, or needs one.
  case unauthorized(service: String, message: String)
  /// The service is rate-limiting; `retryAfter` in seconds where it said. `message` starts with the host that
  /// answered (`api.nasa.gov (OVER_RATE_LIMIT: …)`), so the line says who to wait for.
  case rateLimited(retryAfter: Int?, message: String)
  /// The service kept failing with a 5xx status after every retry.
  case serverError(status: Int, url: String)
  /// A status the service should not send here.
  case unexpectedStatus(status: Int, url: String, message: String)
  /// An answer that is not the JSON the service documents.
  case malformedJSON(url: String, detail: String)
  /// The cache was to answer alone (``CacheMode/Use/offline``) and holds nothing for this.
  case offlineMiss(what: String)
  /// A sol range wider than a slow service lists in one go.
  case solRangeTooWide(service: String, limit: Int, lower: Int, upper: Int)
  /// A sol past the newest that the answering service knows.
  case solOutOfRange(rover: String, sol: Int, latest: Int, service: String)
  /// An Earth date past the date of the newest sol the answering service knows (a sol's capture dates run a day or
  /// two past its formula date, so only a date later than that is refused): the user's mistake, like a sol past it.
  case dateOutOfRange(rover: String, date: CalendarDate, latest: CalendarDate, service: String)
  /// A camera neither rover's own table nor the service knows for this rover.
  case unknownCamera(rover: String, camera: String, known: [String])
  /// An Earth date before the rover landed.
  case dateBeforeLanding(rover: String, date: CalendarDate, landing: CalendarDate)
  /// A page past the last page of a sol whose photo count the service gives.
  case pageOutOfRange(page: Int, last: Int, perPage: Int, sol: Int)
  /// The service sent a sol the rover cannot have reached (`limit` is the newest it can have, by the Mars calendar
  /// for today or the mission's last contact): an answer not to be trusted, refused before anything is listed.
  case implausibleSol(rover: String, sol: Int, limit: Int, service: String)
  /// A listing the service would not let end (endless pages, or more photos in one sol than any sol holds) was
  /// stopped: what was listed is not the whole.
  case listingCut(what: String, reason: String)
  /// `--service auto` tried these services (by preset name, in order) and none gave any HTTP answer: offline,
  /// most likely. `errors` are each request's own failure, for a verbose log; the message sums them up in a line.
  case noServiceAnswered(services: [String], errors: [HTTPError])

  /// The service is down or unreachable (not refusing us): a cached answer, even stale, beats failing.
  static func isServiceDown(_ error: any Error) -> Bool {
    switch error {
    case ServiceError.serverError, ServiceError.noServiceAnswered: return true
    case let error as HTTPError: return error.isTransient || error.isUnanswered
    default: return false
    }
  }

  /// No HTTP answer came back at all (see `HTTPError.isUnanswered`), from one service or from every one tried.
  package static func isUnanswered(_ error: any Error) -> Bool {
    switch error {
    case ServiceError.noServiceAnswered: return true
    case let error as HTTPError: return error.isUnanswered
    default: return false
    }
  }
}

extension ServiceError: LocalizedError {
  /// One lowercase clause naming the bad input or URL.
  public var errorDescription: String? {
    switch self {
    case .unknownRover(let name):
      return "unknown rover '\(name)'"
    case .photoNotFound(let id):
      return "no photo with id \(id)"
    case .notFound(let url):
      return "not found: \(url) (is the base URL right?)"
    case .unavailableRover(let name, let service):
      return "rover '\(name)' is not available from the \(service) service"
    case .unauthorized(let service, let message):
      return "\(service) refused the API key: \(message)"
    case .rateLimited(let retryAfter, let message):
      // Said when retrying is over: when the service asks to wait, not a promise that rover will.
      let wait = retryAfter.map { "; it asks for \($0)s before the next request" } ?? ""
      return "rate limited by \(message)\(wait)"
    case .serverError(let status, let url):
      return "service error HTTP \(status) from \(url)"
    case .unexpectedStatus(let status, let url, let message):
      return "HTTP \(status) from \(url)\(message.isEmpty ? "" : ": \(message)")"
    case .malformedJSON(let url, let detail):
      return "unexpected response from \(url): \(detail)"
    case .offlineMiss(let what):
      return "offline and nothing cached for \(what)"
    case .solRangeTooWide(let service, let limit, let lower, let upper):
      return "\(service) lists at most \(limit) sols at a time (each is a slow feed request): "
        + "\(lower)..\(upper) is too wide"
    case .solOutOfRange(let rover, let sol, let latest, let service):
      return "sol \(sol) is past \(rover)'s latest sol on \(service) (valid: 0..\(latest))"
    case .dateOutOfRange(let rover, let date, let latest, let service):
      let landing = MarsCalendar.landingDate(rover: rover).map { "\($0)" } ?? ""
      return "\(date) is past \(rover)'s latest date on \(service) (valid: \(landing)..\(latest))"
    case .unknownCamera(let rover, let camera, let known):
      return "unknown camera '\(camera)' for \(rover) (cameras: \(known.joined(separator: ", ")))"
    case .dateBeforeLanding(let rover, let date, let landing):
      return "\(date) is before \(rover) landed (valid: \(landing) or later)"
    case .pageOutOfRange(let page, let last, let perPage, let sol):
      return "page \(page) is past the last page of sol \(sol) (valid: 1..\(last) at \(perPage) a page)"
    case .implausibleSol(let rover, let sol, let limit, let service):
      return "unexpected answer from \(service): sol \(sol) for \(rover), which cannot have reached past sol \(limit)"
    case .listingCut(let what, let reason):
      return "\(what): listing stopped, incomplete: \(reason)"
    case .noServiceAnswered(let services, let errors):
      return Self.noAnswerMessage(services: services, errors: errors)
    }
  }

  /// One line for many failures: the services tried, then each distinct reason once; only DNS failures everywhere
  /// mean the network itself is down, so only then is the connection named.
  static func noAnswerMessage(services: [String], errors: [HTTPError]) -> String {
    var reasons: [String] = []
    for reason in errors.map(\.reasonWithoutURL) where !reasons.contains(reason) { reasons.append(reason) }
    let offline =
      !errors.isEmpty
      && errors.allSatisfy {
        if case .hostNotFound = $0 { return true }
        return false
      }
    let hint = offline ? "; check your internet connection" : ""
    let tried = services.joined(separator: ", ")
    return "no service answered (tried \(tried)): \(reasons.joined(separator: ", "))\(hint)"
  }
}
