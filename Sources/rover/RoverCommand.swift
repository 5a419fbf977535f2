import ArgumentParser
import Foundation
import RoverCore
import RoverGallery

#if canImport(Glibc)
  import Glibc
#endif

/// The `rover` command: list Mars rovers, their sols and photos, and download the photos.
@main
struct RoverCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "rover",
    abstract: "Explore Mars rover photos from the shell.",
    discussion: """
      Data goes to stdout, messages to stderr. Exit codes: 0 ok, 3 some downloads failed, 64 bad usage, \
      65 unexpected response, 66 unknown rover or photo, 69 service unreachable, 74 I/O error, 75 rate limited, \
      76 TLS certificate not trusted (see --cacert), 77 API key refused, 78 wrong base URL, 130 interrupted \
      (143 terminated, 129 hung up).

      EXAMPLES:
        rover rovers
        rover photos curiosity --sol 1000 --camera mast
        rover fetch-image curiosity --sol 1000..1100 --camera mast -o mast/
        rover sync perseverance -o mirror/ --sol 1000..
        rover --generate-completion-script bash > /etc/bash_completion.d/rover
      """,
    version: RoverVersion.current,
    subcommands: [
      Rovers.self, Manifest.self, Sols.self, Photos.self, PhotoCommand.self, FetchImage.self, SolDate.self,
      Decode.self, Pairs.self, Sequences.self, Sync.self, Watch.self, Cameras.self, Services.self, CacheCommand.self,
      Gallery.self, Config.self, Places.self, Assemble.self, AnaglyphCommand.self, Animate.self,
    ]
  )

  @OptionGroup(title: "Connection options") var connection: ConnectionOptions
  @OptionGroup var quietFlag: QuietFlag

  /// Maps our errors to one stderr line and the documented exit code; ArgumentParser keeps its own usage errors.
  static func main() async {
    let code: Int32
    keepFreedHeapTop()
    do {
      // `rover help phtos` would otherwise print the root's help and succeed.
      if CommandLine.arguments.dropFirst().first == "help", unknownSubcommand(CommandLine.arguments.dropFirst()) != nil
      {
        throw ValidationError("unknown command")
      }
      if let message = ArgumentCount.message(for: CommandLine.arguments.dropFirst()) {
        StandardError.error("rover: \(message)")
        Glibc.exit(ExitStatus.usage)
      }
      let box = ParsedCommand(try parseAsRoot())
      code = try await Interrupt.run { try await box.run() }
    } catch {
      if exitCode(for: error) == .success {
        // --help, `rover help X`, --version: printed by us, so the help can be arranged (HelpText).
        let text = fullMessage(for: error)
        let discussion = HelpText.helpedCommand(CommandLine.arguments.dropFirst()).configuration.discussion
        let help = HelpText.polish(text, discussion: discussion, layout: HelpText.layoutWidth)
        if !text.isEmpty { FileHandle.standardOutput.write(Data((help + "\n").utf8)) }
        Glibc.exit(0)
      }
      guard let report = ExitStatus.report(for: error) ?? usageReport(for: error) else { exit(withError: error) }
      if let message = report.message { StandardError.error("rover: \(message)") }
      code = report.code
    }
    StandardError.clearStatus()
    fflush(nil)
    Glibc.exit(code)
  }
}

extension RoverCommand {
  /// libcurl allocates each transfer's 100 KB receive buffer and frees it when the transfer ends. On the engine's
  /// thread (a glibc arena of its own) every such free handed the top of the heap back to the kernel, and the next
  /// transfer faulted the same pages in again: about 5% of a bulk download's CPU. Free memory up to 1 MB at the top of a
  /// heap is kept for reuse instead: as fast as 4 MB was, and a re-run over 60 000 photos peaks 3 MB lower (each
  /// thread's heap may keep that much). A process-wide choice, so the command's, not the library's. `mallopt` is
  /// looked up because Swift's Glibc module does not import `malloc.h`.
  static func keepFreedHeapTop() {
    typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
    let trimThreshold: Int32 = -1  // M_TRIM_THRESHOLD
    guard let symbol = dlsym(nil, "mallopt") else { return }
    _ = unsafeBitCast(symbol, to: Mallopt.self)(trimThreshold, 1 << 20)
  }

  /// ArgumentParser's usage errors in our one-line form; help and version requests (exit 0) keep their full text.
  static func usageReport(for error: any Error) -> (code: Int32, message: String?)? {
    let code = exitCode(for: error)
    guard code != .success else { return nil }
    if let unknown = unknownSubcommand(CommandLine.arguments.dropFirst()) {
      let names = configuration.subcommands.map { $0._commandName }
      let hint = Suggestion.closest(to: unknown, in: names).map { "; did you mean '\($0)'?" } ?? " (see --help)"
      return (ExitStatus.usage, "unknown command '\(unknown)'\(hint)")
    }
    let arguments = CommandLine.arguments.dropFirst()
    if let message = UnknownOption.message(for: arguments) ?? NegativeNumber.message(for: arguments) {
      return (ExitStatus.usage, message + " (see --help)")
    }
    let firstLine = fullMessage(for: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
    let message = firstLine.hasPrefix("Error: ") ? String(firstLine.dropFirst(7)) : firstLine
    return (code.rawValue, message.prefix(1).lowercased() + message.dropFirst() + " (see --help)")
  }
}

extension RoverCommand {
  /// The first word, when it names no command (`rover phtos`, `rover help phtos`); options come after names.
  static func unknownSubcommand(_ arguments: ArraySlice<String>) -> String? {
    var words = arguments
    if words.first == "help" { words = words.dropFirst() }
    guard let first = words.first, !first.hasPrefix("-") else { return nil }
    let names = configuration.subcommands.map { $0._commandName } + ["help"]
    return names.contains(first) ? nil : first
  }
}

/// Carries the parsed command into the task that Ctrl-C cancels.
private final class ParsedCommand: @unchecked Sendable {
  // Safe: handed over once, then touched only by that one task.
  private var command: any ParsableCommand

  init(_ command: any ParsableCommand) { self.command = command }

  func run() async throws {
    if var asyncCommand = command as? any AsyncParsableCommand {
      try await asyncCommand.run()
    } else {
      try command.run()
    }
  }
}
