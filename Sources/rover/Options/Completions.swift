import ArgumentParser
import RoverCore

/// What the shell completes (`rover --generate-completion-script bash|zsh|fish`): rover names, services and
/// camera names from rover's own tables; formats come from their enums.
enum Completions {
  static let roverNames = ["curiosity", "perseverance", "opportunity", "spirit", "ingenuity", "insight"]

  static let rovers = CompletionKind.list(roverNames)
  static let services = CompletionKind.list(ServiceChoice.names)
  /// The cameras of the rover already on the command line (`rover photos curiosity --camera <TAB>` offers
  /// Curiosity's, not Perseverance's too); every camera before a rover is typed. Asked of `rover` itself when the
  /// user presses TAB, so the lists come from the same table `--camera` checks against.
  static let cameras = CompletionKind.custom { words, index, _ in cameraNames(words: words, completing: index) }

  /// Every camera name and group name, of the rover named among `words` before the one at `completing` when there
  /// is one with a camera table, else of every rover.
  static func cameraNames(words: [String], completing index: Int) -> [String] {
    let typed = words.prefix(max(0, min(index, words.count)))
    let rover = typed.lazy.compactMap { word in roverNames.first { $0 == word.lowercased() } }.first
    let names = { (rover: String) in
      CameraCatalog.entries(rover: rover).flatMap { [$0.name] + [$0.group].compactMap { $0 } }
    }
    if let rover, case let own = names(rover), !own.isEmpty { return Array(Set(own)).sorted() }
    return Array(Set(roverNames.flatMap(names))).sorted()
  }
}
