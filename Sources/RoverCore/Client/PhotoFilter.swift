/// Which photos of a listing to keep, by what their metadata and file names say: a Mars-time window, a site or
/// drive range, a sequence, and whether re-sent versions of a frame are listed once (the newest) or each.
///
/// Applied to each sol's photos as they are listed, on the client: the services cannot filter by these. A photo
/// whose metadata lacks the value a filter asks about does not match it (its time of day is unknown).
public struct PhotoFilter: Sendable, Hashable {
  /// Local mean solar time of the exposure; nil: any.
  public var lmst: MarsTimeWindow?
  /// Sites (the rover's motion counter) to keep; nil: any.
  public var sites: ClosedRange<Int>?
  /// Drives within a site to keep; nil: any.
  public var drives: ClosedRange<Int>?
  /// A sequence id (`NCAM03380`), compared without regard to case; nil: any.
  public var sequence: String?
  /// Whether a frame NASA re-sent with a higher version is listed once, as its newest version, or every version.
  public var versions: Versions

  /// Which versions of a re-sent frame to list.
  public enum Versions: String, Sendable, Hashable, CaseIterable {
    /// Only the highest version of each frame (what a user wants unless asked otherwise).
    case newest
    /// Every version, as the service lists them.
    case all
  }

  /// A filter that keeps everything but older versions of a frame.
  public init(
    lmst: MarsTimeWindow? = nil, sites: ClosedRange<Int>? = nil, drives: ClosedRange<Int>? = nil,
    sequence: String? = nil, versions: Versions = .newest
  ) {
    self.lmst = lmst
    self.sites = sites
    self.drives = drives
    self.sequence = sequence
    self.versions = versions
  }

  /// Whether `photo` passes the time, place and sequence filters (versions are judged among a sol's photos).
  public func matches(_ photo: Photo) -> Bool {
    if lmst == nil, sites == nil, drives == nil, sequence == nil { return true }
    let frame = photo.frame
    if let lmst {
      guard let time = photo.metadata.lmst.flatMap(MarsTimeWindow.seconds), lmst.contains(seconds: time) else {
        return false
      }
    }
    if let sites {
      guard let site = photo.metadata.site ?? frame?.site, sites.contains(site) else { return false }
    }
    if let drives {
      guard let drive = photo.metadata.drive ?? frame?.drive, drives.contains(drive) else { return false }
    }
    if let sequence {
      guard let own = frame?.sequence, own.caseInsensitiveCompare(sequence) == .orderedSame else { return false }
    }
    return true
  }

  /// The photos of one sol that pass: filtered, and with ``Versions/newest`` only the highest version of each
  /// frame, in the order listed.
  public func apply(_ photos: [Photo]) -> [Photo] {
    applyCounting(photos).kept
  }

  /// ``apply(_:)``, and how many older versions of a frame the newest-version default left out (0 with
  /// ``Versions/all``): a listing says so once, or frames would go missing without a word.
  package func applyCounting(_ photos: [Photo]) -> (kept: [Photo], olderVersions: Int) {
    // Without time, place or sequence every photo matches: no copy of the sol's photos (each is hundreds of bytes).
    let everything = lmst == nil && sites == nil && drives == nil && sequence == nil
    let matching = everything ? photos : photos.filter(matches)
    guard versions == .newest else { return (matching, 0) }
    let newest = Self.newestVersions(matching)
    return (newest, matching.count - newest.count)
  }

  /// The highest version of each frame; photos whose names carry no version are all kept.
  package static func newestVersions(_ photos: [Photo]) -> [Photo] {
    var best: [String: (version: Int, index: Int)] = [:]
    var frames: [(key: String, version: Int)?] = []
    frames.reserveCapacity(photos.count)
    for (index, photo) in photos.enumerated() {
      guard let name = photo.frame, let version = name.version else {
        frames.append(nil)
        continue
      }
      frames.append((name.frameKey, version))
      if let current = best[name.frameKey], current.version >= version { continue }
      best[name.frameKey] = (version, index)
    }
    guard best.count < frames.compactMap({ $0 }).count else { return photos }
    return photos.indices.compactMap { index in
      guard let frame = frames[index] else { return photos[index] }
      return best[frame.key]?.index == index ? photos[index] : nil
    }
  }
}

extension PhotoFilter {
  /// No time, place or sequence filter: a sol listed through it is the whole sol (but for lower versions).
  package var takesWholeSols: Bool { lmst == nil && sites == nil && drives == nil && sequence == nil }
}
