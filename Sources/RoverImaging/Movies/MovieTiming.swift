/// How long each frame of a movie is shown.
///
/// Why two ways: a dust-devil movie is best watched at its real pace sped up (the gaps between shutters are kept in
/// proportion, so a pause in the sequence shows as one), while a drive movie's frames are days apart and want a
/// steady rate.
public enum MovieTiming: Sendable, Hashable {
  /// The real time between shutters divided by this factor (`50`: fifty times faster than it happened). The last
  /// frame is shown for the mean gap.
  case speed(Double)
  /// A steady rate, frames per second.
  case framesPerSecond(Double)

  /// The default for a sequence movie: fifty times real time (a 13 s cadence shows each frame for 0.26 s).
  public static let standard = MovieTiming.speed(50)

  /// The delay of each frame in hundredths of a second (a GIF's unit), from the frames' spacecraft clocks in
  /// seconds. Each delay is at least 2 (browsers show shorter ones as 10) and at most 65535 (the format's
  /// largest); a gap that is unknown, negative or not finite takes the mean of the known ones, or 10 when there is
  /// none.
  public func delays(clocks: [Double?]) -> [Int] {
    switch self {
    case .framesPerSecond(let rate):
      return Array(repeating: Self.centiseconds(1 / rate), count: clocks.count)
    case .speed(let factor):
      var gaps: [Double?] = zip(clocks, clocks.dropFirst()).map { pair in
        guard let first = pair.0, let second = pair.1, second - first >= 0, (second - first).isFinite else {
          return nil
        }
        return second - first
      }
      let known = gaps.compactMap { $0 }
      let mean = known.isEmpty ? nil : known.reduce(0, +) / Double(known.count)
      gaps.append(mean)
      return gaps.map { gap in
        gap.map { Self.centiseconds($0 / factor) } ?? mean.map { Self.centiseconds($0 / factor) } ?? 10
      }
    }
  }

  /// Seconds to hundredths, clamped to 2...65535; a value that is not finite gives 10.
  static func centiseconds(_ seconds: Double) -> Int {
    let value = (seconds * 100).rounded()
    guard value.isFinite else { return 10 }
    return Int(min(max(value, 2), 65535))
  }
}
