import Foundation

extension URL {
  /// For URLs written in the source: a typo there is a programming error, not a runtime condition.
  init(constant: StaticString) {
    guard let url = URL(string: "\(constant)") else { preconditionFailure("invalid URL constant \(constant)") }
    self = url
  }
}
