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
    }

    func run() async throws {
      let entries = CameraCatalog.entries(rover: rover)
      // An unknown rover, as for every other command: 66, with the closest name.
      guard !entries.isEmpty else { throw ServiceError.unknownRover(name: rover) }
      try Printer(output).list(entries)
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
