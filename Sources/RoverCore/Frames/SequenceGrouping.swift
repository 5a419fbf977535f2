import Foundation

/// One commanded observation of one sol, summed up from its frames' names and metadata.
///
/// A sequence id (`NCAM00500`, `SCAM02020`, `AUT_04096`) names the observation the team commanded, not the camera:
/// a Navcam frame taken for SuperCam carries a SuperCam sequence and is counted under it. Frames whose name gives no
/// sequence (a mono camera's name without one, a name no grammar decodes) are summed up together under
/// ``sequence`` `nil`, one entry per sol, so every photo is counted once.
///
/// JSON: `{"sequence", "sol", "count", "cameras", "eyes", "first_lmst", "last_lmst", "tiles"}`, every key present,
/// `null` where unknown.
public struct FrameSequence: Sendable, Hashable, Codable {
  /// The sequence id as the file names write it; `nil` for the sol's frames without one.
  public var sequence: String?
  /// The mission sol the frames were taken on.
  public var sol: Int
  /// How many of the given photos belong to the sequence.
  public var count: Int
  /// The cameras that took them, as the service names them (`NAVCAM_LEFT`), sorted.
  public var cameras: [String]
  /// The eyes seen among them (`left`, `right`), sorted; empty for mono cameras.
  public var eyes: [String]
  /// The earliest local mean solar time among the frames, `HH:MM:SS.fff`; `nil` where no frame has one.
  public var firstLMST: String?
  /// The latest local mean solar time among the frames, `HH:MM:SS.fff`; `nil` where no frame has one.
  public var lastLMST: String?
  /// The tile numbers seen (Perseverance engineering cameras), sorted; empty when no frame is a tile.
  public var tiles: [Int]

  /// A sequence summary from its parts, as ``SequenceGrouping/sequences(_:)`` or a test makes one.
  public init(
    sequence: String?, sol: Int, count: Int, cameras: [String] = [], eyes: [String] = [], firstLMST: String? = nil,
    lastLMST: String? = nil, tiles: [Int] = []
  ) {
    self.sequence = sequence
    self.sol = sol
    self.count = count
    self.cameras = cameras
    self.eyes = eyes
    self.firstLMST = firstLMST
    self.lastLMST = lastLMST
    self.tiles = tiles
  }

  enum CodingKeys: String, CodingKey {
    case sequence, sol, count, cameras, eyes, tiles
    case firstLMST = "first_lmst"
    case lastLMST = "last_lmst"
  }

  /// Writes every key, `null` for an unknown sequence or time, so a filter never meets a missing key.
  ///
  /// - Throws: whatever the encoder throws.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(sequence, forKey: .sequence)
    try container.encode(sol, forKey: .sol)
    try container.encode(count, forKey: .count)
    try container.encode(cameras, forKey: .cameras)
    try container.encode(eyes, forKey: .eyes)
    try container.encode(firstLMST, forKey: .firstLMST)
    try container.encode(lastLMST, forKey: .lastLMST)
    try container.encode(tiles, forKey: .tiles)
  }
}

/// Groups photos into the observations that commanded them: by sol and the file name's sequence id.
///
/// Why: a sol's hundreds of frames come from a few dozen commanded observations (a Navcam panorama, a SuperCam
/// target's context frames, an autonomous drive's hazard images); listing those is the quickest way to see what
/// the rover did that day and which photos belong together.
public enum SequenceGrouping {
  /// One summary per sol and sequence, ordered by sol, then by the sequence's first clock (the shutter clock where
  /// the feed gives it, else the name's; sequences without one after), then by id; the frames without a sequence
  /// last in their sol.
  ///
  /// Give one sol's photos at a time: memory is one small summary per sequence, whatever the number of photos.
  public static func sequences(_ photos: [Photo]) -> [FrameSequence] {
    var groups: [Key: Summary] = [:]
    for photo in photos {
      let frame = photo.frame
      groups[Key(sol: photo.sol, sequence: frame?.sequence), default: Summary()].add(photo, frame: frame)
    }
    return groups.sorted { Key.precedes($0.key, $0.value.firstClock, $1.key, $1.value.firstClock) }
      .map { $0.value.sequence($0.key) }
  }

  struct Key: Hashable {
    var sol: Int
    var sequence: String?

    static func precedes(_ a: Key, _ aClock: Double?, _ b: Key, _ bClock: Double?) -> Bool {
      if a.sol != b.sol { return a.sol < b.sol }
      if (a.sequence == nil) != (b.sequence == nil) { return b.sequence == nil }
      if aClock != bClock { return (aClock ?? .infinity) < (bClock ?? .infinity) }
      return (a.sequence ?? "") < (b.sequence ?? "")
    }
  }

  /// What is kept of a sequence's frames while they are counted: a few sets, never the photos.
  struct Summary {
    var count = 0
    var cameras = Set<String>()
    var eyes = Set<String>()
    var tiles = Set<Int>()
    var firstLMST: String?
    var lastLMST: String?
    var firstClock: Double?

    mutating func add(_ photo: Photo, frame: FrameName?) {
      count += 1
      cameras.insert(photo.camera.name)
      if let eye = frame?.eye { eyes.insert(eye.rawValue) }
      if let tile = frame?.tile { tiles.insert(tile) }
      if let lmst = photo.metadata.lmst {
        // `HH:MM:SS.fff` has fixed width, so text order is time order.
        firstLMST = min(firstLMST ?? lmst, lmst)
        lastLMST = max(lastLMST ?? lmst, lmst)
      }
      if let clock = photo.metadata.sclk ?? frame?.sclk { firstClock = min(firstClock ?? clock, clock) }
    }

    func sequence(_ key: Key) -> FrameSequence {
      FrameSequence(
        sequence: key.sequence, sol: key.sol, count: count, cameras: cameras.sorted(), eyes: eyes.sorted(),
        firstLMST: firstLMST, lastLMST: lastLMST, tiles: tiles.sorted())
    }
  }
}
