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

  /// Local solar time as `HH:MM:SS(.fff)` from `Sol-00050M13:19:27.044` or a bare `16:22:28.916`: two digits
  /// each, hours below 24, no sign, no exponent, nothing after.
  static func marsTime(_ raw: String?) -> String? {
    guard var text = text(raw) else { return nil }
    if let mark = text.lastIndex(of: "M"), text.hasPrefix("Sol-") { text = String(text[text.index(after: mark)...]) }
    let bytes = Array(text.utf8)
    guard bytes.count >= 8, bytes[2] == UInt8(ascii: ":"), bytes[5] == UInt8(ascii: ":"),
      let hours = digits(bytes, 0, 2), let minutes = digits(bytes, 3, 2), let seconds = digits(bytes, 6, 2),
      hours < 24, minutes < 60, seconds < 60, fraction(bytes, from: 8) == bytes.count
    else { return nil }
    return text
  }

  /// ISO 8601 in UTC with `Z`: Perseverance's capture time has no zone and is UTC; an offset (`+05:00`) is
  /// applied, so the value is the UTC its name says. Only a real date and time, to the second or finer.
  static func utc(_ raw: String?) -> String? {
    guard let text = text(raw) else { return nil }
    let bytes = Array(text.utf8)
    let separators: [(Int, UInt8)] = [(4, 0x2D), (7, 0x2D), (10, 0x54), (13, 0x3A), (16, 0x3A)]  // - - T : :
    guard bytes.count >= 19, separators.allSatisfy({ bytes[$0.0] == $0.1 }),
      let year = digits(bytes, 0, 4), let month = digits(bytes, 5, 2), let day = digits(bytes, 8, 2),
      let date = CalendarDate(year: year, month: month, day: day), year > 0,
      let hours = digits(bytes, 11, 2), let minutes = digits(bytes, 14, 2), let seconds = digits(bytes, 17, 2),
      hours < 24, minutes < 60, seconds < 61
    else { return nil }
    let zoneStart = fraction(bytes, from: 19)
    let clock = String(decoding: bytes[0..<zoneStart], as: UTF8.self)
    let zone = bytes[zoneStart...]
    if zone.isEmpty { return clock + "Z" }
    if zone.elementsEqual("Z".utf8) { return clock + "Z" }
    guard zone.count == 6, let sign = zone.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"),
      bytes[zoneStart + 3] == UInt8(ascii: ":"), let offsetHours = digits(bytes, zoneStart + 1, 2),
      let offsetMinutes = digits(bytes, zoneStart + 4, 2), offsetHours < 24, offsetMinutes < 60
    else { return nil }
    let offset = (offsetHours * 60 + offsetMinutes) * (sign == UInt8(ascii: "+") ? -1 : 1)
    let total = date.daysSinceEpoch * 1440 + hours * 60 + minutes + offset
    let day0 = CalendarDate(daysSinceEpoch: Int((Double(total) / 1440).rounded(.down)))
    let minuteOfDay = total - day0.daysSinceEpoch * 1440
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let rest = String(decoding: bytes[17..<zoneStart], as: UTF8.self)
    return "\(day0)T\(two(minuteOfDay / 60)):\(two(minuteOfDay % 60)):\(rest)Z"
  }

  /// The number written by `count` ASCII digits at `start`, or nil.
  private static func digits(_ bytes: [UInt8], _ start: Int, _ count: Int) -> Int? {
    guard start + count <= bytes.count else { return nil }
    var value = 0
    for byte in bytes[start..<(start + count)] {
      guard (0x30...0x39).contains(byte) else { return nil }
      value = value * 10 + Int(byte - 0x30)
    }
    return value
  }

  /// Where an optional fraction of a second (`.044`, at least one digit) starting at `start` ends.
  private static func fraction(_ bytes: [UInt8], from start: Int) -> Int {
    guard start < bytes.count, bytes[start] == UInt8(ascii: "."), start + 1 < bytes.count,
      (0x30...0x39).contains(bytes[start + 1])
    else { return start }
    var end = start + 1
    while end < bytes.count, (0x30...0x39).contains(bytes[end]) { end += 1 }
    return end
  }
}
