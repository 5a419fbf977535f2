import ArgumentParser

/// `--format`, its `--json` shorthand, and `--color`, shared by every listing command.
struct OutputOptions: ParsableArguments {
  @Option(help: ArgumentHelp("Output format: table, json, jsonl, csv (photos also: urls).", valueName: "format"))
  var format: OutputFormat?

  @Flag(help: "Short for --format json.")
  var json = false

  @Option(help: ArgumentHelp("Colour the table header: auto, always, never (NO_COLOR is honoured).", valueName: "when"))
  var color: ColorMode = .auto

  func validate() throws {
    if json, let format, format != .json {
      throw ValidationError("--json conflicts with --format \(format.rawValue)")
    }
  }

  var resolved: OutputFormat { json ? .json : (format ?? .table) }

  /// Rejects `urls` where there are no image URLs to print.
  func requireNotURLs(_ command: String) throws {
    if resolved == .urls { throw ValidationError("--format urls is only for photos, not \(command)") }
  }
}
