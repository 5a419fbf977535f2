import ArgumentParser
import RoverCore

/// What the shell completes (`rover --generate-completion-script bash|zsh|fish`): rover names, services and
/// camera names from rover's own tables; formats come from their enums.
enum Completions {
  static let roverNames = ["curiosity", "perseverance", "opportunity", "spirit", "ingenuity", "insight"]

  static let rovers = CompletionKind.list(roverNames)
  static let services = CompletionKind.list(ServiceChoice.names)
  static let cameras = CompletionKind.list(
    Array(
      Set(roverNames.flatMap { CameraCatalog.entries(rover: $0).flatMap { [$0.name] + [$0.group].compactMap { $0 } } })
    ).sorted())
}
