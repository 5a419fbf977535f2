import Foundation

/// A response's own word on how long it may be kept (`Cache-Control`), read in one place for every service.
enum CacheControl {
  /// nil: the response says nothing, our rules decide; `.some(nil)`: `no-store`; otherwise seconds.
  static func lifetime(_ headers: [String: String]) -> TimeInterval?? {
    guard let control = headers["cache-control"]?.lowercased() else { return nil }
    if control.contains("no-store") { return .some(nil) }
    if control.contains("no-cache") { return 0 }
    return directive("max-age", in: control).map { .some($0) }
  }

  static func directive(_ name: String, in control: String) -> TimeInterval? {
    for part in control.split(separator: ",") {
      let pair = part.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
      if pair.count == 2, pair[0] == name, let seconds = Double(pair[1]) { return max(0, seconds) }
    }
    return nil
  }
}
