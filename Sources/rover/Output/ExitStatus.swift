import ArgumentParser
import Foundation
import RoverCore

/// The one table from failures to exit codes (sysexits.h), documented in the README and asserted by tests.
enum ExitStatus {
  static let usage: Int32 = 64
  static let dataError: Int32 = 65
  static let noInput: Int32 = 66
  static let unavailable: Int32 = 69
  static let ioError: Int32 = 74
  static let temporaryFailure: Int32 = 75
  static let permission: Int32 = 77
  static let someDownloadsFailed: Int32 = 3
  static let interrupted: Int32 = 130

  static func code(for error: RoverAPIError) -> Int32 {
    switch error {
    case .invalidConfiguration: return usage
    case .unknownRover, .photoNotFound, .notFound, .unavailableRover: return noInput
    case .unauthorized: return permission
    case .rateLimited: return temporaryFailure
    case .serverError, .network, .timedOut, .tooManyRedirects, .offlineMiss: return unavailable
    case .malformedJSON, .unexpectedStatus: return dataError
    }
  }

  /// The exit code and one-line message for an error that is ours to report; nil leaves it to ArgumentParser.
  static func report(for error: any Error) -> (code: Int32, message: String?)? {
    switch error {
    case let error as RoverAPIError:
      return (code(for: error), error.errorDescription)
    case let fatal as FatalDownload:
      return (ioError, fatal.error.errorDescription)
    case let error as DownloadError:
      return (error.isFatal ? ioError : unavailable, error.errorDescription)
    case let error as TemplateError:
      return (usage, error.message)
    case is CancellationError:
      return (interrupted, "interrupted")
    case let error as ExitCode:
      return (error.rawValue, nil)
    default:
      return nil
    }
  }
}
