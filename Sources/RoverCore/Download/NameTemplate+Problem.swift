import Foundation

extension NameTemplate {
  /// Why a pattern cannot be a name template, in ``DownloadError/invalidTemplate(pattern:problem:)``: a program
  /// can point at the part to fix, and the `rover` command words it with the flag that sets the template. New
  /// cases may come in minor versions: end a switch over them with `default:`.
  public enum Problem: Sendable, Hashable {
    /// The pattern is empty.
    case empty
    /// The pattern starts with `/`: names are made inside the output folder only.
    case absolute
    /// A folder of the pattern is `..`, which would leave the output folder.
    case parentFolder
    /// A `{` is never closed.
    case unclosedBrace
    /// `{name}` is no placeholder (see ``NameTemplate/placeholders``).
    case unknownPlaceholder(String)
  }
}

extension DownloadError {
  /// The clause for a template's failure, the template named as `template` says ("the name template" in
  /// ``errorDescription``; the command names its flag); nil for the other failures.
  package func templateMessage(calling template: String) -> String? {
    switch self {
    case .invalidTemplate(let pattern, let problem):
      switch problem {
      case .empty: return "\(template) is empty"
      case .absolute: return "\(template) must be relative: '\(pattern)'"
      case .parentFolder: return "\(template) may not contain '..': '\(pattern)'"
      case .unclosedBrace: return "unclosed '{' in \(template) '\(pattern)'"
      case .unknownPlaceholder(let name):
        let known = NameTemplate.placeholders.map { "{\($0)}" }.joined(separator: " ")
        return "unknown placeholder {\(name)} in \(template) (known: \(known))"
      }
    case .templateCollision(let pattern, let first, let second, let path) where first == second:
      // Two versions of one Perseverance frame share the feed's id (`--versions all`).
      return "\(template) '\(pattern)' gives two versions of photo \(first) the same name '\(path)' "
        + "(add {version} to it)"
    case .templateCollision(let pattern, let first, let second, let path) where pattern.contains("{id}"):
      return "\(template) '\(pattern)' gives photos \(first) and \(second) the same name '\(path)' once "
        + "their values are made safe as file names"
    case .templateCollision(let pattern, let first, let second, let path):
      return "\(template) '\(pattern)' gives photos \(first) and \(second) the same name '\(path)' (add {id} to it)"
    case .nameTaken(let path):
      return "\(path) was already written by another photo of this run; not overwriting it (add {id} to \(template))"
    default:
      return nil
    }
  }
}
