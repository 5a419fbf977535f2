import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension SQLiteDatabase {
  /// The files SQLite opens beside a database by name alone: the rollback journal, and the WAL and its index.
  static let companionSuffixes = ["-journal", "-wal", "-shm"]

  /// Refuses a companion file that is there but not a plain file: SQLite opens a hot journal blocking, so a named
  /// pipe planted at `…-journal` would hang every run in the folder for ever (holding its lock), and a link would
  /// make SQLite write through it.
  /// - Throws: ``DownloadError/io(path:reason:)`` naming the companion.
  static func checkCompanions(of path: String) throws {
    for suffix in companionSuffixes {
      let companion = path + suffix
      var info = stat()
      guard lstat(companion, &info) == 0 else {
        if errno == ENOENT { continue }
        throw DownloadError.io(path: companion, reason: String(cString: strerror(errno)))
      }
      switch info.st_mode & S_IFMT {
      case S_IFREG: continue
      case S_IFLNK: throw DownloadError.io(path: companion, reason: "a symbolic link beside the database; remove it")
      case S_IFIFO: throw DownloadError.io(path: companion, reason: "a named pipe beside the database; remove it")
      default: throw DownloadError.io(path: companion, reason: "not a regular file beside the database; remove it")
      }
    }
  }
}
