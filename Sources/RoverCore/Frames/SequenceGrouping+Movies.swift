import Foundation

extension SequenceGrouping {
  /// The fewest frames a movie has: two frames are a pair, not motion.
  package static let movieMinimumFrames = 3
  /// How far apart, in degrees, two frames' mast azimuths or elevations may be and still count as one pointing.
  package static let pointingTolerance = 0.1

  /// The movies among one sol's photos: frames of one sol, sequence, camera and eye with the same subframe,
  /// binning, size and mast pointing (azimuth and elevation within 0.1°), ordered by spacecraft clock, at least
  /// three of them. Ordered by sol, then first clock, then id.
  ///
  /// Frames without a sequence id or a clock, and thumbnails (by name or the feed's sample type), are never movie
  /// frames, whereas subframes are: list with the raw feeds' partial samples kept (`includeThumbnails`); two frames with the same clock
  /// in one group (colour variants of one exposure, re-deliveries) count once, the first listed kept. An unknown
  /// pointing or size is equal only to another unknown one, so a Photos-API copy's frames (names only) group by
  /// name alone.
  ///
  /// Give one sol's photos at a time: memory is the photos given.
  public static func movies(_ photos: [Photo]) -> [FrameMovie] {
    var buckets: [MovieKey: [Timed]] = [:]
    for photo in photos {
      // The name is decoded once a photo: the clock and the keys below all come from it.
      guard let frame = photo.frame, !isThumbnail(photo, frame), let sequence = frame.sequence,
        let clock = (photo.metadata.sclk ?? frame.sclk).flatMap({ $0.isFinite ? $0 : nil })
      else { continue }
      let key = MovieKey(
        sol: photo.sol, sequence: sequence, camera: photo.camera.name, eye: frame.eye?.rawValue,
        subframe: photo.metadata.subframe, scale: photo.metadata.scaleFactor, width: photo.metadata.width,
        height: photo.metadata.height)
      buckets[key, default: []].append(Timed(clock: clock, id: photo.id.description, photo: photo))
    }
    var movies: [(key: MovieKey, frames: [Timed])] = []
    for (key, frames) in buckets {
      for group in pointings(frames) {
        let ordered = oncePerClock(group)
        if ordered.count >= movieMinimumFrames { movies.append((key, ordered)) }
      }
    }
    movies.sort {
      ($0.key.sol, $0.frames[0].clock, $0.frames[0].id) < ($1.key.sol, $1.frames[0].clock, $1.frames[0].id)
    }
    var numbers: [String: Int] = [:]
    return movies.map { key, frames in
      let stem = [String(key.sol), key.sequence, key.eye].compactMap { $0 }.joined(separator: "-")
      numbers[stem, default: 0] += 1
      return FrameMovie(
        id: fileSafe(stem + "-" + twoDigits(numbers[stem] ?? 1)), sol: key.sol, sequence: key.sequence,
        camera: key.camera, eye: key.eye, photos: frames.map(\.photo), width: key.width, height: key.height)
    }
  }

  /// A thumbnail by its name or by the feed's sample type: never a movie frame (subframes are: dust-devil movies
  /// are subframes).
  package static func isThumbnail(_ photo: Photo, _ frame: FrameName?) -> Bool {
    frame?.thumbnail == true || photo.metadata.sampleType?.lowercased() == "thumbnail"
  }

  /// The clock a movie orders by: the feed's shutter clock, else the name's; `nil` when neither is known or finite.
  package static func clock(_ photo: Photo) -> Double? {
    guard let clock = photo.metadata.sclk ?? photo.frame?.sclk, clock.isFinite else { return nil }
    return clock
  }

  /// What the frames of one movie share, pointing aside (pointing is near-equal, not equal, so it is clustered).
  struct MovieKey: Hashable {
    var sol: Int
    var sequence: String
    var camera: String
    var eye: String?
    var subframe: Subframe?
    var scale: Int?
    var width: Int?
    var height: Int?
  }

  /// Splits one bucket by mast pointing: a frame joins the first group whose first frame points within the
  /// tolerance, else starts a group. Groups keep clock order. Each group is filed under its first frame's 0.1° cell,
  /// so a frame is compared with the groups of the nine cells around its own, never with every group: a hostile
  /// listing of 10⁵ frames at 10⁵ pointings costs 10⁵ look-ups, not 10¹⁰ comparisons.
  static func pointings(_ frames: [Timed]) -> [[Timed]] {
    var groups: [[Timed]] = []
    var byCell: [PointingCell: [Int]] = [:]
    for frame in frames.sorted(by: { ($0.clock, $0.id) < ($1.clock, $1.id) }) {
      let cell = PointingCell(frame.photo)
      let candidates = cell.neighbourhood.flatMap { byCell[$0] ?? [] }.sorted()
      if let index = candidates.first(where: { samePointing(groups[$0][0].photo, frame.photo) }) {
        groups[index].append(frame)
      } else {
        byCell[cell, default: []].append(groups.count)
        groups.append([frame])
      }
    }
    return groups
  }

  /// A movie candidate with its clock and id worked out once, for sorting.
  struct Timed {
    var clock: Double
    var id: String
    var photo: Photo
  }

  /// A frame's pointing rounded to the tolerance: azimuth cells wrap at 360°; an unknown (or not finite) angle is
  /// a cell of its own.
  struct PointingCell: Hashable {
    var azimuth: Int?
    var elevation: Int?

    init(azimuth: Int?, elevation: Int?) {
      self.azimuth = azimuth
      self.elevation = elevation
    }

    init(_ photo: Photo) {
      let cells = 360 / SequenceGrouping.pointingTolerance
      azimuth = photo.metadata.mastAzimuth.flatMap { angle in
        guard angle.isFinite else { return nil }
        let turn = angle.truncatingRemainder(dividingBy: 360)
        return Int(((turn < 0 ? turn + 360 : turn) / SequenceGrouping.pointingTolerance).rounded()) % Int(cells)
      }
      // Elevations beyond ±1000° are no pointing a camera has: clamped so the cell number cannot overflow.
      elevation = photo.metadata.mastElevation.flatMap { angle in
        angle.isFinite ? Int((min(max(angle, -1000), 1000) / SequenceGrouping.pointingTolerance).rounded()) : nil
      }
    }

    /// This cell and the eight around it (fewer where an angle is unknown).
    var neighbourhood: [PointingCell] {
      let cells = Int(360 / SequenceGrouping.pointingTolerance)
      let azimuths: [Int?] = azimuth.map { cell in [-1, 0, 1].map { ($0 + cell + cells) % cells } } ?? [nil]
      let elevations: [Int?] = elevation.map { cell in [cell - 1, cell, cell + 1] } ?? [nil]
      var cellsAround: [PointingCell] = []
      for azimuth in azimuths {
        for elevation in elevations { cellsAround.append(PointingCell(azimuth: azimuth, elevation: elevation)) }
      }
      return cellsAround
    }
  }

  /// Whether two frames point the same way: azimuths (modulo 360°) and elevations within the tolerance; an unknown
  /// angle (or one that is not finite) equals only another unknown one.
  static func samePointing(_ a: Photo, _ b: Photo) -> Bool {
    func near(_ x: Double?, _ y: Double?, circular: Bool) -> Bool {
      let x = x.flatMap { $0.isFinite ? $0 : nil }
      let y = y.flatMap { $0.isFinite ? $0 : nil }
      guard let x, let y else { return x == nil && y == nil }
      var difference = abs(x - y)
      if circular { difference = difference.truncatingRemainder(dividingBy: 360).magnitude }
      if circular { difference = min(difference, 360 - difference) }
      // A small slack: 0.1 written in a feed and subtracted is not exactly 0.1.
      return difference <= pointingTolerance + 1e-9
    }
    return near(a.metadata.mastAzimuth, b.metadata.mastAzimuth, circular: true)
      && near(a.metadata.mastElevation, b.metadata.mastElevation, circular: false)
  }

  /// The group's frames with one frame per clock value, the first listed kept (the group is in clock order).
  static func oncePerClock(_ frames: [Timed]) -> [Timed] {
    var seen = Set<Double>()
    return frames.filter { seen.insert($0.clock).inserted }
  }

  static func twoDigits(_ number: Int) -> String { number < 10 ? "0\(number)" : String(number) }

  /// Keeps letters, digits, `-` and `_`; anything else (a hostile sequence id from a server) becomes `_`.
  package static func fileSafe(_ text: String) -> String {
    String(
      text.unicodeScalars.map { scalar in
        scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == "-" || scalar == "_")
          ? Character(scalar) : "_"
      })
  }
}
