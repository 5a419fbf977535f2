/// Why an image could not be read, made or written; each case names the file and says why in a short clause.
///
/// The command words these as one line and maps each case to an exit code; the library never prints.
public enum ImagingError: Error, Equatable, Sendable {
  /// The file could not be opened or read (missing, not a regular file, no permission).
  case unreadable(path: String, reason: String)
  /// The file is neither a PNG nor a JPEG (by its first bytes), or a kind of either that is not handled.
  case unsupported(path: String, reason: String)
  /// The header declares more pixels than the limits allow: refused before any pixel buffer exists.
  case tooLarge(path: String, reason: String)
  /// The decoder failed part-way through the file.
  case corrupt(path: String, reason: String)
  /// The image could not be written (encoder or file system); nothing was left under the final name.
  case writeFailed(path: String, reason: String)
  /// The input is readable but cannot be used as asked: a tile whose size disagrees with its subframe, a subframe
  /// outside the sensor, a camera model with NaN or a zero vector, a stereo pair of two sizes.
  case invalidInput(path: String, reason: String)

  /// The file the error is about.
  public var path: String {
    switch self {
    case .unreadable(let path, _), .unsupported(let path, _), .tooLarge(let path, _), .corrupt(let path, _),
      .writeFailed(let path, _), .invalidInput(let path, _):
      return path
    }
  }

  /// What went wrong, as a short lowercase clause.
  public var reason: String {
    switch self {
    case .unreadable(_, let reason), .unsupported(_, let reason), .tooLarge(_, let reason), .corrupt(_, let reason),
      .writeFailed(_, let reason), .invalidInput(_, let reason):
      return reason
    }
  }
}
