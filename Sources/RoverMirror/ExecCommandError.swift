import Foundation

/// A `--exec` command that cannot be split into words or run, or a photo it is not run for.
package enum ExecCommandError: Error, LocalizedError, Equatable {
  case unbalanced(String)
  case empty
  case cannotRun(program: String, reason: String)
  /// The first word holds a placeholder: a server value would choose the program.
  case placeholderInProgram(String)
  case programNotFound(String)
  /// Not run for this photo, ever: its values would reach the program as an option or as a URL it is not.
  case refused(photo: String, reason: String)

  package var errorDescription: String? {
    switch self {
    case .unbalanced(let quote): return "a \(quote) quote is not closed in the command"
    case .empty: return "the command is empty"
    case .cannotRun(let program, let reason): return "cannot run '\(program)': \(reason)"
    case .placeholderInProgram(let word):
      return "the program '\(word)' holds a placeholder: the server would choose what runs"
    case .programNotFound(let program):
      return program.contains("/")
        ? "'\(program)' is not an executable file" : "no program '\(program)' on PATH"
    case .refused(let photo, let reason): return "not run for photo \(photo): \(reason)"
    }
  }
}
