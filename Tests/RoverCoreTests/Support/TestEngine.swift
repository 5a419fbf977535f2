import Foundation
import RoverCore

extension HTTPEngineKind {
  /// The engine the in-process suites run on: `ROVER_HTTP_ENGINE=urlsession scripts/test` runs the HTTP, service
  /// and download suites over URLSession, as CI does after the libcurl run.
  static let testing: HTTPEngineKind =
    ProcessInfo.processInfo.environment["ROVER_HTTP_ENGINE"].flatMap { HTTPEngineKind(rawValue: $0.lowercased()) }
    ?? .preferred
}
