import Foundation

/// Finds the stereo pairs among one sol's photos from their file names, confirmed by their metadata.
///
/// Why: NASA's feeds list the two eyes of a stereo camera as unrelated photos; a user making anaglyphs or depth
/// maps needs them matched. The rules are api-reference 8.11's:
///
/// - **By name** (Perseverance Navcam, Hazcams and Mastcam-Z; Curiosity Navcam, Hazcams and Mastcam; MER Navcam and
///   Hazcams): a left and a right frame of equal ``FrameName/pairKey`` (same sol, clock, site, drive, sequence, tile
///   and downsample, whatever the color letter and product; for Curiosity Mastcam sol, 9-digit product id and
///   product letter), confirmed where both frames have the value: shutter clocks within ``maximumClockDifference``,
///   mast azimuth and elevation within ``maximumPointingDifference``, and equal subframes (not for Mastcam, whose
///   two eyes have other focal lengths). Where an exposure exists as two products for both eyes (`ECM` and `EBY`),
///   like pairs with like; a cross-product pair is made only when no partner of the same product is left, and says
///   so in ``StereoPair/crossProduct``.
/// - **By time** (MER Pancam, whose names do not pair): a left and a right frame of one
///   sequence and sample kind (full or thumbnail) whose clocks, the feed's shutter clock or else the name's, are
///   within ``maximumClockDifference``; mast pointing confirms as above. Subframes are not compared: the two
///   Mastcams have different focal lengths, so their subframes differ by design [inferred].
///
/// A candidate that fails confirmation stays unpaired. Only opposite eyes pair, so tiles of one exposure and
/// versions of one frame never pair with each other. Where several partners qualify (versions of one frame), the
/// same product is preferred, then the same version, then the closer clock, then the newer version.
public enum StereoPairing {
  /// The widest gap between the two shutters of a pair, in seconds (16 verified Perseverance pairs: at most 0.55 s;
  /// the margin covers MER Pancam, paired by the names' whole-second clocks).
  public static let maximumClockDifference: Double = 5
  /// The widest difference of mast azimuth or elevation within a pair, in degrees (real pairs: at most 0.42°).
  public static let maximumPointingDifference: Double = 0.5

  /// Every photo once, as a pair or alone, ordered by sol, then clock (the earlier of a pair's two; entries without
  /// a clock last), then id.
  ///
  /// Pairs never cross sols. Give one sol's photos at a time: the work and memory are those of that sol's photos
  /// (names are decoded once each, pair candidates compared only within a group of equal key).
  public static func pairs(_ photos: [Photo]) -> [StereoPair] {
    let frames = photos.enumerated().map { Frame(index: $0.offset, photo: $0.element) }
    var groups: [GroupKey: Sides] = [:]
    var entries: [Entry] = []
    for (index, frame) in frames.enumerated() {
      guard let eye = frame.name?.eye, let key = GroupKey(frame) else {
        entries.append(Entry(single: index, frames))
        continue
      }
      groups[key, default: Sides()].add(index, eye: eye)
    }
    for (key, sides) in groups {
      entries += match(sides, key: key, frames)
    }
    return entries.sorted(by: Entry.precedes).map { $0.pair(photos) }
  }

  /// The best pairs among one group's lefts and rights, then each unmatched frame alone.
  private static func match(_ sides: Sides, key: GroupKey, _ frames: [Frame]) -> [Entry] {
    var candidates: [Candidate] = []
    for left in sides.left {
      for right in sides.right {
        if let candidate = Candidate(left: frames[left], right: frames[right], key: key) {
          candidates.append(candidate)
        }
      }
    }
    candidates.sort(by: Candidate.precedes)
    var taken = Set<Int>()
    var entries: [Entry] = []
    for candidate in candidates where !taken.contains(candidate.left) && !taken.contains(candidate.right) {
      taken.insert(candidate.left)
      taken.insert(candidate.right)
      entries.append(Entry(candidate, frames))
    }
    for index in sides.left + sides.right where !taken.contains(index) {
      entries.append(Entry(single: index, frames))
    }
    return entries
  }
}

extension StereoPair: Codable {
  enum CodingKeys: String, CodingKey {
    case left, right
    case sclkDifference = "sclk_difference"
    case azimuthDifference = "azimuth_difference"
    case elevationDifference = "elevation_difference"
    case crossProduct = "cross_product"
  }

  /// Reads the keys ``encode(to:)`` writes; a missing or `null` key is `nil`.
  ///
  /// - Throws: `DecodingError` when a photo present is not valid photo JSON, or a difference is not a number.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    left = try container.decodeIfPresent(Photo.self, forKey: .left)
    right = try container.decodeIfPresent(Photo.self, forKey: .right)
    sclkDifference = try container.decodeIfPresent(Double.self, forKey: .sclkDifference)
    azimuthDifference = try container.decodeIfPresent(Double.self, forKey: .azimuthDifference)
    elevationDifference = try container.decodeIfPresent(Double.self, forKey: .elevationDifference)
    crossProduct = try container.decodeIfPresent(Bool.self, forKey: .crossProduct)
  }

  /// Writes every key, `null` where there is no photo or no value, so `jq '.right.id'` works on every entry.
  ///
  /// - Throws: whatever the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(left, forKey: .left)
    try container.encode(right, forKey: .right)
    try container.encode(sclkDifference, forKey: .sclkDifference)
    try container.encode(azimuthDifference, forKey: .azimuthDifference)
    try container.encode(elevationDifference, forKey: .elevationDifference)
    try container.encode(crossProduct, forKey: .crossProduct)
  }
}
