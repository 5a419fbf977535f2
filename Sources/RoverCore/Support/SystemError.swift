import Foundation

/// The words to show for a failure from Foundation or the system: the system's own ("No space left on device"),
/// never Foundation's wrapper ("The operation could not be completed. (NSCocoaErrorDomain error 512.)").
package enum SystemError {
  package static func text(_ error: any Error) -> String {
    let nsError = error as NSError
    if nsError.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(nsError.code))) }
    if let posix = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, posix.domain == NSPOSIXErrorDomain {
      return String(cString: strerror(Int32(posix.code)))
    }
    if nsError.domain == NSCocoaErrorDomain {
      switch CocoaError.Code(rawValue: nsError.code) {
      case .fileNoSuchFile, .fileReadNoSuchFile: return String(cString: strerror(ENOENT))
      case .fileReadNoPermission, .fileWriteNoPermission: return String(cString: strerror(EACCES))
      case .fileWriteOutOfSpace: return String(cString: strerror(ENOSPC))
      case .fileWriteVolumeReadOnly: return String(cString: strerror(EROFS))
      case .fileWriteFileExists: return String(cString: strerror(EEXIST))
      case .fileReadCorruptFile: return "the file is damaged"
      case .fileReadTooLarge: return "the file is too large"
      default: return "file operation failed (code \(nsError.code))"
      }
    }
    let text = nsError.localizedDescription
    return text.contains("Domain") || text.hasPrefix("The operation could not be completed")
      ? "failed (\(nsError.domain) \(nsError.code))".replacingOccurrences(of: "NSCocoaErrorDomain", with: "file error")
      : text
  }
}
