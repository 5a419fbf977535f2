import Foundation

/// Why a photo was not fetched although nothing failed.
public enum SkipReason: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// Its file is in place, complete.
  case exists
  /// The same photo appeared twice in the input; it was fetched once.
  case duplicate
  /// The archive file lists it as downloaded before.
  case inArchive = "in archive"
  /// A higher version of the same frame is already in the folder.
  case newerVersionPresent = "newer version present"
  /// The same frame was downloaded into this folder under another id (listed by another service).
  case sameFrameDownloaded = "same frame already downloaded"

  /// The words used in reports: `exists`, `in archive`…
  public var description: String { rawValue }
}
