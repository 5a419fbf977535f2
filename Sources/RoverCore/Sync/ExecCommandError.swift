import Foundation

/// A `--exec` command that cannot be split into words or run.
package enum ExecCommandError: Error, LocalizedError, Equatable {
  case unbalanced(String)
  case empty
  case cannotRun(program: String, reason: String)

  package var errorDescription: String? {
    switch self {
    case .unbalanced(let quote): return "a \(quote) quote is not closed in the command"
    case .empty: return "the command is empty"
    case .cannotRun(let program, let reason): return "cannot run '\(program)': \(reason)"
    }
  }
}
