import Foundation

/// The services disagree on types (numbers sent as strings, `""` for "no date", `null` for missing), so models
/// decode through these instead of failing a whole listing over one odd field.
extension KeyedDecodingContainer {
  func lenientInt(forKey key: Key) -> Int? {
    if let value = try? decodeIfPresent(Int.self, forKey: key) { return value }
    // An absent or null key stops here: each failed typed attempt below builds an error, which costs more than
    // decoding the whole photo (cameras on most services have no `rover_id`).
    guard contains(key), (try? decodeNil(forKey: key)) != true else { return nil }
    if let text = try? decodeIfPresent(String.self, forKey: key) {
      return Int(text.trimmingSpaces())
    }
    // `Int(exactly:)`: a hostile `1e300` is no number of ours, and `Int(_:)` would trap on it.
    if let value = try? decodeIfPresent(Double.self, forKey: key) { return Int(exactly: value.rounded(.towardZero)) }
    return nil
  }

  func lenientString(forKey key: Key) -> String? {
    if let text = try? decodeIfPresent(String.self, forKey: key) { return text }
    guard contains(key), (try? decodeNil(forKey: key)) != true else { return nil }
    if let value = try? decodeIfPresent(Int.self, forKey: key) { return String(value) }
    return nil
  }

  func lenientDate(forKey key: Key) -> CalendarDate? {
    lenientString(forKey: key).flatMap(CalendarDate.init(lenient:))
  }

  func requiredInt(forKey key: Key) throws -> Int {
    guard let value = lenientInt(forKey: key) else {
      throw DecodingError.keyNotFound(
        key, .init(codingPath: codingPath, debugDescription: "missing or non-numeric \(key.stringValue)"))
    }
    return value
  }
}
