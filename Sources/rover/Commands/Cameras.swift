import ArgumentParser
import RoverCore

extension RoverCommand {
  struct Cameras: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "cameras",
      abstract: "A rover's cameras: name, full name, group, color.",
      discussion: """
        From rover's own table, no request. `--camera` on photos and fetch-image takes any name here, and a \
        group name (NAVCAM on Perseverance) stands for all its members.

        EXAMPLES:
          rover cameras perseverance
          rover cameras curiosity --format csv
        """)

    @OptionGroup var quietFlag: QuietFlag
    @Argument(help: "Rover name, e.g. perseverance.", completion: Completions.rovers) var rover: String
    @OptionGroup var output: OutputOptions

    func validate() throws {
      try validateRoverName(rover)
      guard !CameraCatalog.entries(rover: rover).isEmpty else {
        throw ValidationError("no camera table for '\(rover)' (known: curiosity, perseverance, spirit, opportunity)")
      }
    }

    func run() async throws {
      try Printer(output).list(CameraCatalog.entries(rover: rover))
    }
  }
}

extension CameraCatalog.Entry: Tabular {
  static let columns = ["NAME", "FULL NAME", "GROUP", "COLOR"]

  var cells: [String] {
    [name, fullName, group ?? "", color.map { $0 ? "color" : "greyscale" } ?? ""]
  }

  static let fields = ["name", "full_name", "group", "color"]

  var fieldValues: [String?] { [name, fullName, group, color.map { $0 ? "true" : "false" }] }
}
