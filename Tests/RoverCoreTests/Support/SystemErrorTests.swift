import Foundation
import Testing

@testable import RoverCore

/// Failures show the system's words, never Foundation's wrapper with its domain and code.
@Suite struct SystemErrorTests {
  @Test func cocoaErrorsSayWhatHappened() {
    #expect(SystemError.text(CocoaError(.fileWriteOutOfSpace)) == String(cString: strerror(ENOSPC)))
    #expect(SystemError.text(CocoaError(.fileWriteNoPermission)) == String(cString: strerror(EACCES)))
    #expect(SystemError.text(CocoaError(.fileNoSuchFile)) == String(cString: strerror(ENOENT)))
    let odd = SystemError.text(NSError(domain: NSCocoaErrorDomain, code: 512))
    #expect(!odd.contains("NSCocoaErrorDomain") && !odd.contains("could not be completed"), "\(odd)")
  }

  @Test func posixErrorsDirectOrUnderlying() {
    #expect(SystemError.text(NSError(domain: NSPOSIXErrorDomain, code: Int(EROFS))) == String(cString: strerror(EROFS)))
    let wrapped = NSError(
      domain: NSCocoaErrorDomain, code: 512,
      userInfo: [NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(ENOSPC))])
    #expect(SystemError.text(wrapped) == String(cString: strerror(ENOSPC)))
  }
}
