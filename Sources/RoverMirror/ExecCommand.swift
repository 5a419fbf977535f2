import Foundation
import RoverCore

/// `watch --exec CMD`: the command is split into words once, by shell rules, when rover starts; each new photo's
/// values are put into the placeholders inside each word, and the program runs without a shell. So nothing a
/// server sends is ever read as shell syntax: a camera called `$(rm -rf ~)` is one argument, as written.
package struct ExecCommand: Sendable {
  /// What `{name}` a word may hold.
  package enum Placeholder: String, Sendable, CaseIterable {
    case id, rover, sol, camera
    case earthDate = "earth_date"
    case url, path
  }

  /// One part of a word: text as the user typed it, or a placeholder to fill.
  enum Piece: Sendable, Equatable {
    case text(String)
    case placeholder(Placeholder)
  }

  package let words: [String]
  /// Each word cut into text and placeholders once, at start: filling them never reads a value again, so text from
  /// a server (a camera called `{url}`) is never taken for a placeholder, whatever order they are filled in.
  let pieces: [[Piece]]

  /// Splits `text` into words (see `split`) and finds the placeholders in each.
  /// - Throws: `ExecCommandError.unbalanced` or `.empty` for a command that has no words, and
  ///   `.placeholderInProgram` when the first word holds a placeholder: the server would choose what runs.
  package init(_ text: String) throws {
    let words = try Self.split(text)
    guard let program = words.first else { throw ExecCommandError.empty }
    let pieces = words.map(Self.pieces)
    if pieces[0].contains(where: { if case .placeholder = $0 { true } else { false } }) {
      throw ExecCommandError.placeholderInProgram(program)
    }
    self.words = words
    self.pieces = pieces
  }

  /// The text and placeholders of one word, left to right; `{name}` for a name not in `Placeholder` is text.
  static func pieces(_ word: String) -> [Piece] {
    var pieces: [Piece] = []
    var text = ""
    var rest = Substring(word)
    while let open = rest.firstIndex(of: "{") {
      text += rest[..<open]
      let inside = rest[rest.index(after: open)...]
      guard let close = inside.firstIndex(of: "}"), let name = Placeholder(rawValue: String(inside[..<close])) else {
        text.append("{")
        rest = inside
        continue
      }
      if !text.isEmpty { pieces.append(.text(text)) }
      text = ""
      pieces.append(.placeholder(name))
      rest = inside[inside.index(after: close)...]
    }
    text += rest
    if !text.isEmpty { pieces.append(.text(text)) }
    return pieces
  }

  /// The words with one photo's values in their placeholders, filled left to right in one pass.
  /// - Throws: `ExecCommandError.refused` when `{url}` is not an http(s) URL (as `--download` requires), or when a
  ///   value would begin an argument with `-`, where the program would read it as an option; after a word `--` the
  ///   program reads operands only, so values there may begin with `-`; and when a value holds a NUL byte.
  package func arguments(for photo: Photo, path: String?) throws -> [String] {
    var operandsOnly = false
    return try pieces.map { word in
      var argument = ""
      for piece in word {
        switch piece {
        case .text(let text): argument += text
        case .placeholder(let name): argument += try value(name, photo: photo, path: path)
        }
      }
      let typedDash = if case .text(let text) = word.first { text.hasPrefix("-") } else { false }
      if argument.hasPrefix("-"), !typedDash, !operandsOnly {
        throw ExecCommandError.refused(
          photo: photo.id.description, reason: "'\(argument)' would reach the program as an option (put -- before it)")
      }
      // A C string ends at NUL: the program would get a cut value, not the one sent.
      if argument.utf8.contains(0) {
        throw ExecCommandError.refused(
          photo: photo.id.description, reason: "a value holds a NUL byte, which no argument can carry")
      }
      if word == [.text("--")] { operandsOnly = true }
      return argument
    }
  }

  private func value(_ name: Placeholder, photo: Photo, path: String?) throws -> String {
    switch name {
    case .id: return photo.id.description
    case .rover: return photo.rover.name.lowercased()
    case .sol: return String(photo.sol)
    case .camera: return photo.camera.name
    case .earthDate: return photo.earthDate.description
    case .path: return path ?? ""
    case .url:
      guard photo.imageURL != nil else {
        throw ExecCommandError.refused(photo: photo.id.description, reason: "its {url} is not an http(s) URL")
      }
      return photo.imageSource
    }
  }
}
