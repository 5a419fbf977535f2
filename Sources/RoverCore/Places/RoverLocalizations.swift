/// NASA's localizations of one rover, indexed by site and drive, and the join that gives a photo its position.
///
/// The key is the rover's motion counter `(site, drive)`, never the sol: a localization's sol is when its drive
/// ended, and the photos taken there are often the next sol's. A photo at a localized site and drive gets that fix
/// (``Position/Method/localized``); otherwise the site's origin, its `(site, 0)` localization, moved by the photo's
/// `xyz` in the site frame (``Position/Method/siteXYZ``). With neither an origin nor an `xyz` there is no position:
/// nil, never a guess. Get one from ``PhotoClient/localizations(of:)``. A value: safe to share between tasks.
public struct RoverLocalizations: Sendable {
  /// Every localization in the file's order after duplicates were settled.
  package let entries: [Localization]
  /// The mission map's projection (its standard parallel), for the site-frame offsets.
  package let projection: MarsMapProjection
  private let index: [SiteDrive: Int]

  private struct SiteDrive: Hashable {
    var site: Int
    var drive: Int
  }

  /// Indexes `localizations`; of two with the same site and drive, the final one (`final: "y"`) wins over a
  /// mid-drive fix, and otherwise the first one read.
  package init(_ localizations: [Localization], projection: MarsMapProjection) {
    var index: [SiteDrive: Int] = [:]
    var kept: [Localization] = []
    kept.reserveCapacity(localizations.count)
    for localization in localizations {
      let key = SiteDrive(site: localization.site, drive: localization.drive)
      if let at = index[key] {
        if localization.isFinal, !kept[at].isFinal { kept[at] = localization }
        continue
      }
      index[key] = kept.count
      kept.append(localization)
    }
    entries = kept
    self.projection = projection
    self.index = index
  }

  /// How many distinct `(site, drive)` localizations there are.
  public var count: Int { entries.count }

  /// NASA's localization at exactly this site and drive, if there is one.
  package func localization(site: Int, drive: Int) -> Localization? {
    index[SiteDrive(site: site, drive: drive)].map { entries[$0] }
  }

  /// The position of a rover at `site` and `drive`, `xyz` metres from the site's origin (x north, y east, z down).
  ///
  /// - Returns: the localization at this site and drive when there is one; otherwise the site's origin moved by
  ///   `xyz`; nil when the site has no origin or `xyz` is not three finite numbers.
  public func position(site: Int, drive: Int, xyz: [Double]?) -> Position? {
    if let fix = localization(site: site, drive: drive) {
      return Position(
        longitude: fix.longitude, latitude: fix.latitude, elevation: fix.elevation, method: .localized)
    }
    guard let origin = localization(site: site, drive: 0), let xyz, xyz.count == 3,
      xyz.allSatisfy({ $0.isFinite && abs($0) < Self.maxOffset })
    else { return nil }
    // Equirectangular: moving by metres north and east is adding degrees, so the origin's own lon/lat (which the
    // file derives from its easting/northing) is the base; elevation is up, z is down.
    return Position(
      longitude: origin.longitude + projection.longitude(easting: xyz[1]),
      latitude: origin.latitude + projection.latitude(northing: xyz[0]),
      elevation: origin.elevation.map { $0 - xyz[2] }, method: .siteXYZ)
  }

  /// The position where `photo` was taken, from its site, drive and `xyz` (see ``position(site:drive:xyz:)``);
  /// nil when the photo has no site or drive.
  public func position(of photo: Photo) -> Position? {
    guard let site = photo.metadata.site, let drive = photo.metadata.drive else { return nil }
    return position(site: site, drive: drive, xyz: photo.metadata.xyz)
  }

  /// A site frame spans at most a few kilometres; an offset beyond this is a damaged record, not a position.
  static let maxOffset = 100_000.0
}
