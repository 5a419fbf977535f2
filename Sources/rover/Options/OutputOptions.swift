import ArgumentParser

/// `--format`, its `--json` shorthand, and `--color`, shared by the listings that are not photos.
struct OutputOptions: ParsableArguments {
  @Option(help: ArgumentHelp("Output format (default: table; a tab-separated table when piped).", valueName: "format"))
  var format: ListFormat?
  @OptionGroup var style: OutputStyle

  func validate() throws { try style.check(format?.rawValue) }

  var resolved: OutputFormat { style.json ? .json : (format?.output ?? .table) }
}

/// `--format` for photos: a listing's formats plus `urls`.
struct PhotoOutputOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Output format (default: table; a tab-separated table when piped); urls: one image URL a line; "
        + "geojson: a FeatureCollection of where each photo was taken (implies --positions).",
      valueName: "format"))
  var format: PhotoFormat?
  @OptionGroup var style: OutputStyle

  func validate() throws { try style.check(format?.rawValue) }

  var resolved: OutputFormat { style.json ? .json : (format?.output ?? .table) }
}

/// What both share: the `--json` shorthand and `--color`.
struct OutputStyle: ParsableArguments {
  @Flag(help: "Short for --format json.")
  var json = false

  @Option(help: ArgumentHelp("Color the table header (NO_COLOR is honoured by auto).", valueName: "when"))
  var color: ColorMode = .auto

  func check(_ format: String?) throws {
    if json, let format, format != "json" { throw ValidationError("--json conflicts with --format \(format)") }
  }
}
