import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The output folder's one lock, taken by every process writing into it and held for the run. Each record (one per
/// shard) has a lock of its own, but a sync with another shard count, or without `--shard`, or a `fetch-image`,
/// writes the same photos through another record: without a lock they share, both fetched every photo, and the
/// slower one reported the other's finished files as "failed … add {id} to --name". With it, a writer whose photos
/// may overlap waits, then finds those files in place and skips them.
///
/// Shards of one command line (`I/N`, same N) never share a sol, so they hold it at once: byte-range locks on one
/// file, not one exclusive lock, so N machines sharing a directory still work side by side. Shard I of N writes
/// one byte of its own in N's region and reads every byte outside that region; any writer with another N reads
/// that byte, so the two conflict, while shards of one N only ever meet in reads. Locks belong to the open file
/// (`F_OFD_SETLK`), so two runs in one process take turns too, and closing the descriptor releases them.
final class FolderLock: Sendable {
  /// Beside the records; the name starts like theirs, so anything that leaves the records alone leaves it too.
  static let fileName = ".rover-record.lock"

  let path: String
  private let descriptor: Int32

  /// Takes the lock of `directory` for `shard` (nil: every sol), waiting for writers it overlaps; `onWait` is
  /// told once if it has to wait. The file is opened without following a link and must be a regular file.
  init(in directory: SafeDirectory, shard: Shard?, onWait: (Notice) -> Void) async throws {
    path = directory.path + "/" + Self.fileName
    let flags = O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC
    let descriptor = openat(directory.descriptor, Self.fileName, flags, 0o644)
    guard descriptor >= 0 else {
      let reason = errno == ELOOP ? "a symbolic link; refusing to follow it" : errnoText()
      throw DownloadError.io(path: path, reason: reason)
    }
    do {
      var info = stat()
      guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
        throw DownloadError.io(path: path, reason: "not a regular file; refusing to use it")
      }
      var told = false
      while try !Self.tryLocking(descriptor, Self.ranges(for: shard), path: path) {
        if !told {
          onWait(.waitingForFolder(folder: directory.path, lockFile: path, holder: Self.holder(descriptor)))
          told = true
        }
        // Unlike a queue of blocked waiters, pollers could meet in step for ever: each waits a little differently.
        try await Task.sleep(nanoseconds: UInt64.random(in: 50_000_000...150_000_000))
      }
      Self.recordHolder(descriptor)
    } catch {
      close(descriptor)
      throw error
    }
    self.descriptor = descriptor
  }

  deinit {
    close(descriptor)
  }

  /// One byte range and how it is held.
  struct Range: Equatable {
    var exclusive: Bool
    var start: Int64
    /// 0: to the end of any file, however large.
    var length: Int64
  }

  /// What `shard` holds: N's region starts at N << 32, shard I's own byte is I bytes into it. A count too large
  /// for that layout holds the whole file exclusively (it waits for everyone, and everyone for it).
  static func ranges(for shard: Shard?) -> [Range] {
    let count = Int64(shard?.count ?? 1)
    let index = Int64(shard?.index ?? 1)
    guard count < Int64(Int32.max) else { return [Range(exclusive: true, start: 0, length: 0)] }
    let region = count << 32
    return [
      Range(exclusive: false, start: 0, length: region),
      Range(exclusive: false, start: (count + 1) << 32, length: 0),
      Range(exclusive: true, start: region + index, length: 1),
    ]
  }

  /// `F_OFD_SETLK`, which Glibc declares only for `_GNU_SOURCE`: the same number on every Linux architecture.
  private static let setOpenFileLock: Int32 = 37

  /// Takes every range or none: true when all are held; false (holding nothing) when another process holds a
  /// conflicting one.
  private static func tryLocking(_ descriptor: Int32, _ ranges: [Range], path: String) throws -> Bool {
    for range in ranges {
      let type = Int16(range.exclusive ? F_WRLCK : F_RDLCK)
      guard set(descriptor, type: type, start: range.start, length: range.length) != 0 else { continue }
      let failure = errno
      _ = set(descriptor, type: Int16(F_UNLCK), start: 0, length: 0)
      guard failure == EAGAIN || failure == EACCES || failure == EINTR else {
        throw DownloadError.io(path: path, reason: String(cString: strerror(failure)))
      }
      return false
    }
    return true
  }

  private static func set(_ descriptor: Int32, type: Int16, start: Int64, length: Int64) -> Int32 {
    var lock = flock()
    lock.l_type = type
    lock.l_whence = Int16(SEEK_SET)
    lock.l_start = off_t(start)
    lock.l_len = off_t(length)
    lock.l_pid = 0
    return fcntl(descriptor, setOpenFileLock, &lock)
  }
}
