import Foundation
import RoverCore

/// Why `rover gallery` could not make its page.
package enum GalleryError: LocalizedError, Equatable, Sendable {
  /// The folder to show does not exist or is not a folder.
  case directoryNotFound(path: String)
  /// The folder exists but cannot be listed.
  case unreadableDirectory(path: String, reason: String)
  /// The page or a thumbnail could not be written.
  case cannotWrite(path: String, reason: String)
  /// This build has no image library for thumbnails.
  case thumbnailsUnavailable

  package var errorDescription: String? {
    switch self {
    case .directoryNotFound(let path): return "no such directory: \(path)"
    case .unreadableDirectory(let path, let reason): return "cannot read \(path): \(reason)"
    case .cannotWrite(let path, let reason): return "cannot write \(path): \(reason)"
    case .thumbnailsUnavailable: return "thumbnails need libturbojpeg and libpng, which this build lacks"
    }
  }
}
