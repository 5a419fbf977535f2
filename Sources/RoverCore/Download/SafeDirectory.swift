import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A directory held open by descriptor. Every component below the output directory is opened with `O_NOFOLLOW`
/// and every file is created relative to the descriptor, so a symbolic link planted under `-o` (as a directory
/// or at a file's name) can never send a file elsewhere, and renaming a directory mid-run cannot either.
package final class SafeDirectory: Sendable {
  package let descriptor: Int32
  /// For messages only: the path as the user would recognise it.
  package let path: String

  private init(descriptor: Int32, path: String) {
    self.descriptor = descriptor
    self.path = path
  }

  deinit {
    close(descriptor)
  }

  /// The output directory itself, created if missing. The user named it, so a link there is the user's choice.
  package static func root(_ url: URL) throws -> SafeDirectory {
    do {
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    } catch {
      throw DownloadError.io(path: url.path, reason: reason(error))
    }
    let descriptor = open(url.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { throw DownloadError.io(path: url.path, reason: errnoText()) }
    return SafeDirectory(descriptor: descriptor, path: url.path)
  }

  /// A directory below this one, each component created if missing and never followed if it is a link.
  func subdirectory<Components: Sequence>(_ components: Components) throws -> SafeDirectory
  where Components.Element: StringProtocol {
    var current = self
    for component in components {
      let name = String(component)
      let path = current.path + "/" + name
      if mkdirat(current.descriptor, name, 0o755) != 0, errno != EEXIST {
        throw DownloadError.io(path: path, reason: errnoText())
      }
      let descriptor = openat(current.descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
      guard descriptor >= 0 else {
        let refused = errno == ELOOP || errno == ENOTDIR
        throw DownloadError.io(
          path: path, reason: refused ? "not a directory (a symbolic link?); refusing to follow it" : errnoText())
      }
      current = SafeDirectory(descriptor: descriptor, path: path)
    }
    return current
  }

  /// Removes the entry `name` here (a link itself, never what it points to); false when there was none.
  @discardableResult
  func remove(_ name: String) -> Bool { unlinkat(descriptor, name, 0) == 0 }

  /// What a name holds here, links not followed.
  enum Entry: Equatable {
    case absent
    case regularFile(bytes: Int)
    /// A directory: a file cannot take its place.
    case directory
    /// A link, a device, a pipe: never counted as a photo in place, never written through, replaced by a rename.
    case other
  }

  /// One `fstatat` tells both whether a photo is in place and whether its name is taken: in a directory of tens
  /// of thousands of files each lookup is a walk of the directory, so it is asked once per photo.
  func entry(_ name: String) -> Entry {
    var info = stat()
    guard fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return .absent }
    switch info.st_mode & S_IFMT {
    case S_IFREG: return .regularFile(bytes: Int(info.st_size))
    case S_IFDIR: return .directory
    default: return .other
    }
  }

  /// The size of a regular file here; nil for anything else, links included.
  package func regularFileSize(_ name: String) -> Int? {
    guard case .regularFile(let bytes) = entry(name) else { return nil }
    return bytes
  }

  /// A file to write before it has a name: unnamed (`O_TMPFILE`) where the file system allows, so a killed run
  /// leaves nothing behind; otherwise a hidden, unpredictable name created exclusively. Readable too, so that a body
  /// sent without an image type can be checked for an image signature before it is kept.
  package func temporaryFile() throws -> TemporaryFile {
    if Self.canNameUnnamedFiles {
      let unnamed = openat(descriptor, ".", Self.temporaryFileFlag | O_RDWR | O_CLOEXEC, 0o644)
      if unnamed >= 0 { return TemporaryFile(descriptor: unnamed, directory: self, name: nil) }
    }
    let name = ".rover-\(Self.host)-\(getpid())-\(UInt64.random(in: 0...UInt64.max)).part"
    let named = openat(descriptor, name, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
    guard named >= 0 else { throw DownloadError.io(path: path + "/" + name, reason: errnoText()) }
    return TemporaryFile(descriptor: named, directory: self, name: name)
  }

  /// `O_TMPFILE`, which Glibc defines as a macro Swift cannot import: `__O_TMPFILE | O_DIRECTORY`, with
  /// `__O_TMPFILE` 020000000 on x86-64 and arm64.
  private static let temporaryFileFlag: Int32 = 0o20_000_000 | O_DIRECTORY

  /// An unnamed file is named through `/proc/self/fd`; without /proc, named temporaries it is.
  private static let canNameUnnamedFiles = access("/proc/self/fd", F_OK) == 0

  /// This machine's name, in temporary names: a pid only proves its owner gone on the machine that made it.
  static let host: String = {
    var buffer = [CChar](repeating: 0, count: 256)
    guard gethostname(&buffer, buffer.count) == 0 else { return "host" }
    let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return name.isEmpty ? "host" : FileNameSanitizer.flatten(name).replacingOccurrences(of: "-", with: "_")
  }()

  /// Removes named temporaries (the fallback where a file system has no `O_TMPFILE`) left by a killed run on this
  /// machine: only those whose process is provably gone, never one that another live run is still writing.
  func removeStaleTemporaries() {
    let prefix = ".rover-\(Self.host)-"
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return }
    for name in names where name.hasPrefix(prefix) && name.hasSuffix(".part") {
      let fields = name.dropFirst(prefix.count).split(separator: "-")
      guard let pid = fields.first.flatMap({ pid_t($0) }), pid != getpid() else { continue }
      if kill(pid, 0) != 0 && errno == ESRCH { unlinkat(descriptor, name, 0) }
    }
  }

  /// Writes `data` under `name`, atomically and without following a link at that name.
  func writeAtomically(_ data: Data, name: String) throws {
    let file = try temporaryFile()
    do {
      try file.write(data)
      try file.commit(as: name)
    } catch {
      file.discard()
      throw error
    }
  }

  /// A second name for a file already in place (photos that share one image): a hard link where possible, else a
  /// copy; atomic either way.
  func place(_ name: String, sameAs sourceName: String, in source: SafeDirectory, replacing: Bool) throws {
    if !replacing {
      if linkat(source.descriptor, sourceName, descriptor, name, 0) == 0 { return }
      if errno == EEXIST { throw DownloadError.nameTaken(path: path + "/" + name) }
    }
    let staging = ".rover-\(getpid())-\(UInt64.random(in: 0...UInt64.max)).link"
    if linkat(source.descriptor, sourceName, descriptor, staging, 0) == 0 {
      guard renameat(descriptor, staging, descriptor, name) == 0 else {
        let failure = DownloadError.io(path: path + "/" + name, reason: errnoText())
        unlinkat(descriptor, staging, 0)
        throw failure
      }
      return
    }
    let input = openat(source.descriptor, sourceName, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
    guard input >= 0 else { throw DownloadError.io(path: source.path + "/" + sourceName, reason: errnoText()) }
    defer { close(input) }
    let file = try temporaryFile()
    do {
      try file.copy(from: input)
      try file.commit(as: name, replacing: replacing)
    } catch {
      file.discard()
      throw error
    }
  }

  /// The system's own words for a failed file operation ("No space left on device"), not Foundation's wrapper.
  static func reason(_ error: any Error) -> String { SystemError.text(error) }
}

func errnoText() -> String { String(cString: strerror(errno)) }
