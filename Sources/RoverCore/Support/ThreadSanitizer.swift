import Foundation

/// ThreadSanitizer's happens-before annotations, for the locks it cannot see.
///
/// On Linux the standard library's `Mutex` waits on a futex directly, not through `pthread_mutex`, so a
/// `-sanitize=thread` build reports every value behind ``Locked`` as a race (CI's sanitizer step did, on
/// `TemporaryFile`'s once-flag). `__tsan_acquire` and `__tsan_release` tell it what the lock already guarantees. They
/// exist only in a sanitized build (its runtime is linked in and exported); elsewhere the lookup finds nothing and
/// each call is one check of a constant.
enum ThreadSanitizer {
  typealias Annotation = @convention(c) (UnsafeMutableRawPointer?) -> Void

  private static let acquireAnnotation = lookUp("__tsan_acquire")
  private static let releaseAnnotation = lookUp("__tsan_release")

  /// After taking the lock that guards `object`'s state.
  static func acquire(_ object: AnyObject) {
    acquireAnnotation?(Unmanaged.passUnretained(object).toOpaque())
  }

  /// Before letting go of that lock.
  static func release(_ object: AnyObject) {
    releaseAnnotation?(Unmanaged.passUnretained(object).toOpaque())
  }

  private static func lookUp(_ name: String) -> Annotation? {
    dlsym(nil, name).map { unsafeBitCast($0, to: Annotation.self) }
  }
}
