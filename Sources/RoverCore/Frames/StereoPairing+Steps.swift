import Foundation

// The steps of `StereoPairing.pairs`: each photo's name decoded once, grouped by what may pair, candidates checked
// against the metadata, the best taken, and every photo placed in one ordered entry.

extension StereoPairing {
  /// A photo with its name decoded once.
  struct Frame {
    let index: Int
    let photo: Photo
    let name: FrameName?

    init(index: Int, photo: Photo) {
      self.index = index
      self.photo = photo
      name = photo.frame
    }

    /// The clock a listing is ordered by: the shutter's where the feed gives it, else the name's.
    var clock: Double? { photo.metadata.sclk ?? name?.sclk }
  }

  /// Which frames may pair: equal ``FrameName/pairKey`` on one sol or, for cameras that pair by time, one sol,
  /// camera family, sequence and sample kind.
  struct GroupKey: Hashable {
    var sol: Int
    var key: String
    var byTime: Bool
    /// Curiosity Mastcam: the two eyes have other focal lengths, so their subframes and versions differ by design.
    var independentEyes = false

    /// `nil` for a frame that cannot pair at all: no decoded name, or neither a pair key nor a sequence.
    init?(_ frame: Frame) {
      guard let name = frame.name else { return nil }
      sol = frame.photo.sol
      if let pairKey = name.pairKey {
        key = pairKey
        byTime = false
        independentEyes = name.mission == .msl && name.sclk == nil
      } else if let sequence = name.sequence {
        // MAST_LEFT and MAST_RIGHT are one family; MER names both Pancam eyes PANCAM.
        let family = name.camera.replacingOccurrences(of: "LEFT", with: "*")
          .replacingOccurrences(of: "RIGHT", with: "*")
        key = [name.mission.rawValue, family, sequence, name.thumbnail ? "T" : "F"].joined(separator: "|")
        byTime = true
      } else {
        return nil
      }
    }
  }

  /// The indices of one group's left and right frames, in input order.
  struct Sides {
    var left: [Int] = []
    var right: [Int] = []

    mutating func add(_ index: Int, eye: FrameName.Eye) {
      switch eye {
      case .left: left.append(index)
      case .right: right.append(index)
      }
    }
  }

  /// A left and a right frame that passed confirmation, with their differences and how good a match they are.
  struct Candidate {
    let left: Int
    let right: Int
    let sclk: Double?
    let azimuth: Double?
    let elevation: Double?
    /// An exposure kept as two products (raw Bayer `ECM` and debayered `EBY`, both eyes) pairs like with like: a
    /// partner of the same product is always the better one (api-reference 8.12).
    let sameProduct: Bool
    /// Versions of one frame all qualify: the same version is the better partner, then the newer.
    let sameVersion: Bool
    let newestVersion: Int

    /// `nil` when a value both frames have is too far apart (or, by time, when no clock can be compared).
    init?(left: Frame, right: Frame, key: GroupKey) {
      let one = left.photo.metadata
      let other = right.photo.metadata
      var sclk = StereoPairing.difference(one.sclk, other.sclk)
      if key.byTime {
        // Time is the only evidence here: without a clock on both sides there is no pair.
        sclk = sclk ?? StereoPairing.difference(left.name?.sclk, right.name?.sclk)
        guard sclk != nil else { return nil }
      } else if !key.independentEyes, let a = one.subframe, let b = other.subframe, a != b {
        return nil
      }
      let azimuth = StereoPairing.angle(one.mastAzimuth, other.mastAzimuth)
      let elevation = StereoPairing.difference(one.mastElevation, other.mastElevation)
      guard (sclk ?? 0) <= StereoPairing.maximumClockDifference,
        (azimuth ?? 0) <= StereoPairing.maximumPointingDifference,
        (elevation ?? 0) <= StereoPairing.maximumPointingDifference
      else { return nil }
      self.left = left.index
      self.right = right.index
      self.sclk = sclk
      self.azimuth = azimuth
      self.elevation = elevation
      sameProduct = left.name?.product == right.name?.product
      sameVersion = key.independentEyes || left.name?.version == right.name?.version
      newestVersion = max(left.name?.version ?? 0, right.name?.version ?? 0)
    }

    /// The better candidate first: same product, same version, closer clocks, newer version, then input order.
    static func precedes(_ a: Candidate, _ b: Candidate) -> Bool {
      if a.sameProduct != b.sameProduct { return a.sameProduct }
      if a.sameVersion != b.sameVersion { return a.sameVersion }
      if (a.sclk ?? 0) != (b.sclk ?? 0) { return (a.sclk ?? 0) < (b.sclk ?? 0) }
      if a.newestVersion != b.newestVersion { return a.newestVersion > b.newestVersion }
      return (a.left, a.right) < (b.left, b.right)
    }
  }

  /// One line of the result, by index, with what it is ordered by.
  struct Entry {
    var left: Int?
    var right: Int?
    var candidate: Candidate?
    let sol: Int
    let clock: Double?
    let id: String
    let first: Int

    /// A frame alone: a right eye on the right, anything else (left eye, mono camera, unknown name) on the left.
    init(single index: Int, _ frames: [Frame]) {
      let frame = frames[index]
      if frame.name?.eye == .right { right = index } else { left = index }
      sol = frame.photo.sol
      clock = frame.clock
      id = frame.photo.id.description
      first = index
    }

    init(_ candidate: Candidate, _ frames: [Frame]) {
      let left = frames[candidate.left]
      let right = frames[candidate.right]
      self.left = candidate.left
      self.right = candidate.right
      self.candidate = candidate
      sol = left.photo.sol
      clock = [left.clock, right.clock].compactMap { $0 }.min()
      id = left.photo.id.description
      first = min(candidate.left, candidate.right)
    }

    /// Sol, then clock (none last), then id, then input position: the same order for the same photos.
    static func precedes(_ a: Entry, _ b: Entry) -> Bool {
      if a.sol != b.sol { return a.sol < b.sol }
      if a.clock != b.clock { return (a.clock ?? .infinity) < (b.clock ?? .infinity) }
      if a.id != b.id { return a.id < b.id }
      return a.first < b.first
    }

    func pair(_ photos: [Photo]) -> StereoPair {
      StereoPair(
        left: left.map { photos[$0] }, right: right.map { photos[$0] }, sclkDifference: candidate?.sclk,
        azimuthDifference: candidate?.azimuth, elevationDifference: candidate?.elevation,
        crossProduct: candidate.map { !$0.sameProduct })
    }
  }

  /// `|a − b|` rounded to 10⁻⁶ (the feeds send at most milliseconds and 10⁻⁵ degrees); `nil` unless both are known.
  static func difference(_ a: Double?, _ b: Double?) -> Double? {
    guard let a, let b else { return nil }
    return rounded(abs(a - b))
  }

  /// The smaller angle between two azimuths in degrees, across north; `nil` unless both are known.
  static func angle(_ a: Double?, _ b: Double?) -> Double? {
    guard let a, let b else { return nil }
    let turn = abs(a - b).truncatingRemainder(dividingBy: 360)
    return rounded(min(turn, 360 - turn))
  }

  private static func rounded(_ value: Double) -> Double {
    (value * 1_000_000).rounded() / 1_000_000
  }
}
