import Foundation

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
