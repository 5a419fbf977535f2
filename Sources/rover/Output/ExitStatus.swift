import ArgumentParser
import Foundation
import RoverCore
import RoverGallery
import RoverImaging

/// The one table from failures to exit codes (sysexits.h), documented in the README and asserted by tests.
enum ExitStatus {
  static let usage: Int32 = 64
  static let dataError: Int32 = 65
  static let noInput: Int32 = 66
  static let unavailable: Int32 = 69
  static let ioError: Int32 = 74
  static let temporaryFailure: Int32 = 75
  /// EX_PROTOCOL: the server's side of the TLS exchange cannot be accepted (its certificate does not verify).
  /// Distinct from 69, so a script can tell "not reachable" from "reachable but not trusted", which no retry mends.
  static let untrustedCertificate: Int32 = 76
  static let permission: Int32 = 77
  static let configuration: Int32 = 78
  static let someDownloadsFailed: Int32 = 3
  /// 130 after Ctrl-C, 143 after SIGTERM, 129 after SIGHUP.
  static var interrupted: Int32 { Interrupt.exitCode }

  static func code(for error: ServiceError) -> Int32 {
    switch error {
    case .solRangeTooWide, .solOutOfRange, .dateOutOfRange, .unknownCamera, .dateBeforeLanding, .pageOutOfRange:
      return usage
    case .unknownRover, .photoNotFound, .unavailableRover: return noInput
    // A route that answers 404 means a wrong base URL: the set-up, not the rover, is at fault.
    case .notFound: return configuration
    case .unauthorized: return permission
    case .rateLimited: return temporaryFailure
    case .serverError, .offlineMiss, .noServiceAnswered: return unavailable
    case .malformedJSON, .unexpectedStatus, .implausibleSol: return dataError
    case .listingCut: return someDownloadsFailed
    }
  }

  static func code(for error: HTTPError) -> Int32 {
    switch error {
    case .cannotWrite: return ioError
    case .responseTooLarge: return dataError
    case .network, .connectionRefused, .hostNotFound, .timedOut, .tooManyRedirects, .unsupportedRedirect, .shortBody,
      .unavailable:
      return unavailable
    case .untrustedCertificate: return untrustedCertificate
    }
  }

  static func code(for error: DownloadError) -> Int32 {
    switch error {
    case .invalidTemplate, .templateCollision: return usage
    case .malformedInput: return dataError
    case .transfer(let error): return code(for: error)
    case .io: return ioError
    case .httpStatus, .notAnImage, .invalidURL, .nameTaken, .pathBlocked: return unavailable
    }
  }

  static func code(for error: GalleryError) -> Int32 {
    switch error {
    case .directoryNotFound, .unreadableDirectory: return noInput
    case .cannotWrite: return ioError
    case .thumbnailsUnavailable: return unavailable
    }
  }

  static func code(for error: ImagingError) -> Int32 {
    switch error {
    case .unreadable: return noInput
    case .writeFailed: return ioError
    case .unsupported, .tooLarge, .corrupt, .invalidInput: return dataError
    }
  }

  static func code(for error: MovieError) -> Int32 {
    switch error {
    case .unwritable, .encoder: return ioError
    case .undecodable, .tooFewFrames: return dataError
    }
  }

  /// A movie's failure in one clause, naming the file or movie.
  static func message(for error: MovieError) -> String {
    switch error {
    case .unwritable(let path, let reason): return "cannot write \(path): \(reason)"
    case .encoder(let path, let reason): return "cannot encode \(path): \(reason)"
    case .undecodable(let path, let reason): return "cannot decode \(path): \(reason)"
    case .tooFewFrames(let movie, let usable, let count):
      return "only \(usable) of \(count) frames of \(movie) decode at one size; a movie needs 2"
    }
  }

  /// The library's message with the command's own words added: which flag or command fixes it.
  static func message(for error: ServiceError) -> String? {
    let text = error.errorDescription ?? "\(error)"
    switch error {
    case .unauthorized: return text + " (set ROVER_API_KEY or --api-key)"
    case .solRangeTooWide: return text + ": narrow --from/--to"
    case .pageOutOfRange(let page, let last, let perPage, let sol):
      // The flag is the page asked for.
      return "--page \(page) is past the last page of sol \(sol) (valid: 1..\(last) at \(perPage) a page)"
    default: return text
    }
  }

  /// The library names the host and the CAs it was checked against; the command adds the flag and variable that
  /// trust another CA (never a switch that turns verification off).
  static func message(for error: HTTPError) -> String? {
    let text = error.errorDescription ?? "\(error)"
    guard case .untrustedCertificate(_, _, let caFile) = error else { return text }
    return text
      + (caFile == nil
        ? "; to trust a private CA, give its PEM file with --cacert FILE or SSL_CERT_FILE=FILE"
        : " (from --cacert, CURL_CA_BUNDLE or SSL_CERT_FILE: see rover config)")
  }

  /// A template's failure names the flag that sets the template; the others are the library's words.
  static func message(for error: DownloadError) -> String {
    if case .transfer(let error) = error, let text = message(for: error) { return text }
    return error.templateMessage(calling: "--name") ?? error.errorDescription ?? "\(error)"
  }

  /// The exit code and one-line message for an error that is ours to report; nil leaves it to ArgumentParser.
  static func report(for error: any Error) -> (code: Int32, message: String?)? {
    switch error {
    case ServiceError.unknownRover(let name):
      let error = ServiceError.unknownRover(name: name)
      // A rover rover knows that the service says it does not: no suggestion of the same name.
      if Completions.roverNames.contains(name.lowercased()) {
        return (code(for: error), "the service does not know rover '\(name)' (try another with --service)")
      }
      // The closest rover name anyone has sent photos from, as for a misspelt command.
      let hint = Suggestion.closest(to: name, in: Completions.roverNames).map { "; did you mean '\($0)'?" }
      return (
        code(for: error),
        hint.map { "unknown rover '\(name)'\($0)" } ?? "unknown rover '\(name)' (try `rover rovers` for the names)"
      )
    case ServiceError.unknownCamera(let rover, let camera, let known)
    where Suggestion.closest(to: camera, in: known) != nil:
      // The closest camera name, as for a misspelt rover: `mst` means MAST.
      let hint = Suggestion.closest(to: camera, in: known) ?? camera
      return (
        usage,
        "unknown camera '\(camera)' for \(rover); did you mean '\(hint)'? (cameras: \(known.joined(separator: ", ")))"
      )
    case let error as ServiceError: return (code(for: error), message(for: error))
    case let error as HTTPError: return (code(for: error), message(for: error))
    case let error as DownloadError: return (code(for: error), message(for: error))
    case let error as SettingsError: return (usage, error.errorDescription)
    case let error as CacheError: return (ioError, error.errorDescription)
    case let error as GalleryError: return (code(for: error), error.errorDescription)
    case let error as ImagingError: return (code(for: error), "\(error.path): \(error.reason)")
    case let error as MovieError: return (code(for: error), message(for: error))
    case is CancellationError: return (interrupted, "interrupted")
    case let error as ExitCode: return (error.rawValue, nil)
    default: return nil
    }
  }
}
