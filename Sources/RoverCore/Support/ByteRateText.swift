import Foundation

/// Transfer rates as curl's `--limit-rate` writes them: a number of bytes a second, with an optional suffix
/// `K`, `M`, `G` or `T` (any case, powers of 1024), so `500K` is 512,000 bytes a second and `2M` 2,097,152.
package enum ByteRateText {
  /// The fastest rate accepted, in bytes a second (1 TiB/s): anything above it is a typo, and a number this size
  /// still fits every counter it is multiplied into.
  package static let maxBytesPerSecond = 1 << 40
  /// The slowest rate accepted (1 KiB/s): below it an 8 KB photo takes hours, and no transfer could tell a stall
  /// (under 1 KB/s for `--timeout` seconds) from the rate asked for.
  package static let minBytesPerSecond = 1024

  /// Bytes a second, or nil for anything but a positive number with at most one known suffix, or a rate under
  /// ``minBytesPerSecond`` or above ``maxBytesPerSecond`` (`0`, `-5K`, `5Q`, `nan`, `1e9`, `99999999999999999999T`).
  package static func parse(_ text: String) -> Int? {
    var digits = Substring(text.trimmingCharacters(in: .whitespaces))
    var multiplier = 1.0
    if let last = digits.last, let power = "kmgt".firstIndex(of: Character(last.lowercased())) {
      multiplier = pow(1024, Double("kmgt".distance(from: "kmgt".startIndex, to: power) + 1))
      digits = digits.dropLast()
    }
    // Digits and at most one point only: `Double` alone would take `nan`, `inf`, `1e9` and hex.
    let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count <= 2, !parts[0].isEmpty, parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
      let number = Double(digits)
    else { return nil }
    let bytes = (number * multiplier).rounded(.down)
    guard bytes >= Double(minBytesPerSecond), bytes <= Double(maxBytesPerSecond) else { return nil }
    return Int(bytes)
  }

  /// A rate for messages, as curl writes it: `500K`, `2M`, or plain bytes.
  package static func describe(_ bytesPerSecond: Int) -> String {
    for (suffix, size) in [("T", 1 << 40), ("G", 1 << 30), ("M", 1 << 20), ("K", 1 << 10)]
    where bytesPerSecond >= size && bytesPerSecond % size == 0 {
      return "\(bytesPerSecond / size)\(suffix)"
    }
    return "\(bytesPerSecond)"
  }
}
