import Foundation

/// Why a `TestHTTPServer` could not start; carries the failing call so a CI log says which one.
public enum TestHTTPServerError: Error, Equatable, Sendable, CustomStringConvertible {
  case socketCall(String, errno: Int32)

  public var description: String {
    switch self {
    case .socketCall(let call, let code): "\(call) failed: \(String(cString: strerror(code))) (errno \(code))"
    }
  }
}
