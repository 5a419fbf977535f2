import Foundation

/// What happened to one photo of a download, reported as soon as it is settled.
public struct DownloadResult: Sendable {
  /// The photo's fate.
  public enum Outcome: Sendable, Equatable {
    /// Written to its file; `bytes` is the image's size.
    case downloaded(bytes: Int)
    /// Not fetched, and why.
    case skipped(SkipReason)
    /// Not fetched; the error names the photo's URL or file.
    case failed(DownloadError)
  }

  /// The photo this result is about.
  public var photo: Photo
  /// Its file, relative to the output directory.
  public var path: String
  /// What happened.
  public var outcome: Outcome

  /// A result from its parts (tests and wrappers make their own).
  public init(photo: Photo, path: String, outcome: Outcome) {
    self.photo = photo
    self.path = path
    self.outcome = outcome
  }
}
