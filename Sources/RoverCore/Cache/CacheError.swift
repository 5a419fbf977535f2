import Foundation

/// The response cache could not do what was asked of it. Reading and writing entries never fails a command (a
/// bad entry is a miss); only an explicit `cache clear` can fail, and then it says so.
package enum CacheError: Error, Equatable, Sendable {
  /// `count` entries of `directory` could not be removed (`reason`: the system's words for one failure);
  /// `removed` were.
  case cannotRemove(count: Int, removed: Int, directory: String, reason: String)
}

extension CacheError: LocalizedError {
  /// One lowercase clause naming the folder, what was left and what was removed.
  package var errorDescription: String? {
    switch self {
    case .cannotRemove(let count, let removed, let directory, let reason):
      return "cannot remove \(count) cached response\(count == 1 ? "" : "s") from \(directory): \(reason) "
        + "(removed \(removed))"
    }
  }
}
