import Foundation

/// The feeds' ways of writing a value, read into typed ones: numbers as strings, tuples as `"(1,2,3)"`, `"UNK"`
/// for unknown, Mars time as `Sol-00050M13:19:27.044` (api-reference 8.1, 8.11). Anything malformed is nil: a
/// hostile record can empty a field, never crash a listing or put a wrong number in it.
enum FeedValue {
  /// The longest text read as a value; feeds send a few dozen characters, a camera model a few hundred.
  static let maxLength = 4096

  /// Text that means something: not empty, not `UNK`, not absurdly long.
  static func text(_ raw: String?) -> String? {
    guard let raw else { return nil }
    let trimmed = raw.trimmingSpaces()
    guard !trimmed.isEmpty, trimmed.utf8.count <= maxLength, trimmed.uppercased() != "UNK",
      trimmed.lowercased() != "null"
    else { return nil }
    return trimmed
  }

  /// A finite number.
  static func number(_ raw: String?) -> Double? {
    guard let text = text(raw), let value = Double(text), value.isFinite else { return nil }
    return value
  }

  /// A whole number in Int's range (a `"2472"` or a `2472.0`).
  static func integer(_ raw: String?) -> Int? {
    guard let text = text(raw) else { return nil }
    if let value = Int(text) { return value }
    guard let value = Double(text), value.isFinite, let exact = Int(exactly: value) else { return nil }
    return exact
  }

  /// `"(a,b,c)"` as numbers; nil unless every element is one and the count is `count` (when given).
  static func tuple(_ raw: String?, count: Int? = nil) -> [Double]? {
    guard var text = text(raw) else { return nil }
    if text.hasPrefix("(") && text.hasSuffix(")") { text = String(text.dropFirst().dropLast()) }
    let parts = text.split(separator: ",", omittingEmptySubsequences: false)
    guard count.map({ parts.count == $0 }) ?? !parts.isEmpty, parts.count <= 64 else { return nil }
    var values: [Double] = []
    values.reserveCapacity(parts.count)
    for part in parts {
      guard let value = Double(padded(part) ? Substring(part.trimmingSpaces()) : part), value.isFinite else {
        return nil
      }
      values.append(value)
    }
    return values
  }

  /// Whether a part may have spaces to trim: most parts start and end with a digit, and are read as they are.
  private static func padded(_ part: Substring) -> Bool {
    guard let first = part.utf8.first, let last = part.utf8.last else { return false }
    return !(0x21..<0x7F).contains(first) || !(0x21..<0x7F).contains(last)
  }

  /// `"(x,y,width,height)"` in whole pixels.
  static func subframe(_ raw: String?) -> Subframe? {
    guard let values = tuple(raw, count: 4), let ints = integers(values) else { return nil }
    return Subframe(x: ints[0], y: ints[1], width: ints[2], height: ints[3])
  }

  /// `"(width,height)"` in whole pixels.
  static func dimension(_ raw: String?) -> (width: Int, height: Int)? {
    guard let values = tuple(raw, count: 2), let ints = integers(values) else { return nil }
    return (ints[0], ints[1])
  }

  private static func integers(_ values: [Double]) -> [Int]? {
    let ints = values.compactMap { Int(exactly: $0) }
    return ints.count == values.count ? ints : nil
  }

  /// The camera model from its family and its `;`-separated components: one 3-vector per letter of the family,
  /// then the scalars. nil when the counts disagree.
  static func cameraModel(type rawType: String?, components rawComponents: String?) -> CameraModel? {
    guard let type = text(rawType)?.uppercased(), let components = text(rawComponents),
      ["CAHV", "CAHVOR", "CAHVORE"].contains(type)
    else { return nil }
    let letters = type.lowercased().map(String.init)
    var vectors: [String: [Double]] = [:]
    var parameters: [Double] = []
    for (index, part) in components.split(separator: ";").enumerated() {
      let piece = String(part)
      if index < letters.count {
        guard let vector = tuple(piece, count: 3) else { return nil }
        vectors[letters[index]] = vector
      } else {
        guard let scalar = number(piece) else { return nil }
        parameters.append(scalar)
      }
    }
    guard vectors.count == letters.count, parameters.count <= 8 else { return nil }
    return CameraModel(type: type, vectors: vectors, parameters: parameters)
  }

  /// Local solar time as `HH:MM:SS(.fff)` from `Sol-00050M13:19:27.044` or a bare `16:22:28.916`.
  static func marsTime(_ raw: String?) -> String? {
    guard var text = text(raw) else { return nil }
    if let mark = text.lastIndex(of: "M"), text.hasPrefix("Sol-") { text = String(text[text.index(after: mark)...]) }
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 3, let hours = Int(parts[0]), let minutes = Int(parts[1]),
      let seconds = Double(parts[2]), (0...24).contains(hours), (0..<60).contains(minutes),
      seconds >= 0, seconds < 61, parts[0].count == 2, parts[1].count == 2
    else { return nil }
    return text
  }

  /// ISO 8601 in UTC with `Z`: Perseverance's capture time has no zone and is UTC; a time with another offset is
  /// kept as sent.
  static func utc(_ raw: String?) -> String? {
    guard let text = text(raw), text.count >= 19, text.contains("T") else { return nil }
    let zone = text.dropFirst(19)
    if zone.hasSuffix("Z") || zone.contains("+") || zone.contains("-") { return text }
    return text + "Z"
  }
}
