import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// `watch --exec CMD`: the command is split into words once, by shell rules, when rover starts; each new photo's
/// values are put into the placeholders inside each word, and the program runs without a shell. So nothing a
/// server sends is ever read as shell syntax: a camera called `$(rm -rf ~)` is one argument, as written.
package struct ExecCommand: Sendable {
  package static let placeholders = ["id", "rover", "sol", "camera", "earth_date", "url", "path"]

  package let words: [String]

  /// Splits `text` like a POSIX shell would split a simple command: blanks separate words, `'…'` is literal,
  /// `"…"` is literal but for `\"`, `\\`, `\$` and `` \` ``, and a backslash outside quotes escapes the next
  /// character. Anything else a shell would do (`$VAR`, `;`, `|`, globs) is not done: those are plain characters.
  package init(_ text: String) throws {
    var words: [String] = []
    var word = ""
    var inWord = false
    var iterator = text.makeIterator()
    while let character = iterator.next() {
      switch character {
      case " ", "\t", "\n":
        if inWord { words.append(word) }
        word = ""
        inWord = false
      case "'":
        inWord = true
        var closed = false
        while let next = iterator.next() {
          if next == "'" {
            closed = true
            break
          }
          word.append(next)
        }
        guard closed else { throw ExecCommandError.unbalanced("'") }
      case "\"":
        inWord = true
        var closed = false
        while let next = iterator.next() {
          if next == "\"" {
            closed = true
            break
          }
          if next == "\\" {
            guard let escaped = iterator.next() else { break }
            if !"\"\\$`".contains(escaped) { word.append("\\") }
            word.append(escaped)
          } else {
            word.append(next)
          }
        }
        guard closed else { throw ExecCommandError.unbalanced("\"") }
      case "\\":
        inWord = true
        if let escaped = iterator.next(), escaped != "\n" { word.append(escaped) }
      default:
        inWord = true
        word.append(character)
      }
    }
    if inWord { words.append(word) }
    guard !words.isEmpty else { throw ExecCommandError.empty }
    self.words = words
  }

  /// The words with one photo's values in their placeholders.
  package func arguments(for photo: Photo, path: String?) -> [String] {
    let values: [String: String] = [
      "id": photo.id.description, "rover": photo.rover.name.lowercased(), "sol": String(photo.sol),
      "camera": photo.camera.name, "earth_date": photo.earthDate.description, "url": photo.imageSource,
      "path": path ?? "",
    ]
    return words.map { word in
      var result = word
      for (name, value) in values { result = result.replacingOccurrences(of: "{\(name)}", with: value) }
      return result
    }
  }

  /// Runs the program and waits for it; returns its exit status (128 + the signal if one ended it). Its stdout
  /// goes to rover's stderr, so rover's stdout stays JSON Lines; its stdin is /dev/null. Signals rover blocks on
  /// its own threads are unblocked for it.
  package func run(for photo: Photo, path: String?) async throws -> Int32 {
    let arguments = arguments(for: photo, path: path)
    let pid = try Self.spawn(arguments)
    return await withCheckedContinuation { continuation in
      DispatchQueue.global().async {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let exited = status & 0x7F == 0
        continuation.resume(returning: exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F))
      }
    }
  }

  private static func spawn(_ arguments: [String]) throws -> pid_t {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for number in [SIGINT, SIGTERM, SIGHUP, SIGPIPE] { sigaddset(&defaults, number) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, 2, 1)
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    guard let program = argv[0] else { throw ExecCommandError.empty }
    var pid: pid_t = 0
    let code = posix_spawnp(&pid, program, &actions, &attributes, &argv, environ)
    guard code == 0 else {
      throw ExecCommandError.cannotRun(program: arguments[0], reason: String(cString: strerror(code)))
    }
    return pid
  }
}
