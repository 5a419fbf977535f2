import ArgumentParser
import Foundation
import RoverCore

extension RoverCommand {
  struct Pairs: AsyncParsableCommand, ServiceCommand {
    static let configuration = CommandConfiguration(
      commandName: "pairs",
      abstract: "List a sol's stereo pairs: the left and right frames of each exposure, and the frames left alone.",
      discussion: """
        Frames pair by their file names (the two eyes of one exposure share all but the eye, color and product), \
        confirmed by the feed's metadata where it has them: shutter clocks within 5 s, mast azimuth and elevation \
        within 0.5 degrees, equal subframes. Curiosity's Mastcams pair by sol, product id and product letter, \
        MER's Pancams by sequence and clock. An exposure kept as two products (raw ECM and debayered EBY) pairs \
        like with like; a pair of two products is made only when no same-product partner exists and is marked \
        (cross_product in JSON and CSV). \
        Every photo is listed once: a frame without a partner has the other side empty (null in JSON), a mono \
        camera's frame is on the left. Pairs never cross sols: a range is listed sol by sol, each sol printed as \
        it completes. Give a camera group (NAVCAM) or both eyes to --camera, or no right frame will be listed.

        EXAMPLES:
          rover pairs perseverance --sol 60
          rover pairs perseverance --sol 1100..1110 --camera NAVCAM --format jsonl
          rover pairs perseverance --sol 60 --json | jq -r '.[].right.id // empty'
        """)

    @ParentCommand var root: RoverCommand
    @OptionGroup(title: "Connection options") var connection: ConnectionOptions
    @OptionGroup var quietFlag: QuietFlag
    @Argument(help: "Rover name, e.g. perseverance.", completion: Completions.rovers) var rover: String
    @OptionGroup var selection: FrameSolOptions
    @OptionGroup var versions: VersionsOption
    @OptionGroup var rawFeed: RawFeedFlags
    @OptionGroup var output: OutputOptions

    func validate() throws {
      try validateRoverName(rover)
    }

    func run() async throws {
      try await printPerSol(
        rover, selection, versions: versions.versions, rawFeed: rawFeed, output: output, StereoPairing.pairs)
    }
  }
}

extension StereoPair: Tabular {
  static var columns: [String] { ["SOL", "LEFT", "RIGHT", "SCLK DIFF", "AZ DIFF", "EL DIFF"] }
  static var numericColumns: Set<Int> { [0, 3, 4, 5] }

  var cells: [String] {
    [sol, left?.id.description, right?.id.description].map { $0 ?? "-" }
      + differences.map { $0 ?? "-" }
  }

  static var fields: [String] {
    [
      "sol", "left_id", "right_id", "left_img_src", "right_img_src", "sclk_difference", "azimuth_difference",
      "elevation_difference", "cross_product",
    ]
  }

  var fieldValues: [String?] {
    [sol, left?.id.description, right?.id.description, left?.imageSource, right?.imageSource] + differences
      + [crossProduct.map { $0 ? "true" : "false" }]
  }

  private var sol: String? { (left ?? right).map { String($0.sol) } }

  /// As JSON writes the numbers: whole ones without `.0`, others in Swift's shortest exact form.
  private var differences: [String?] {
    [sclkDifference, azimuthDifference, elevationDifference].map { value in
      value.map { $0.rounded() == $0 && abs($0) < 1e15 ? String(Int64($0)) : String($0) }
    }
  }
}
