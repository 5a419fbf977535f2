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
