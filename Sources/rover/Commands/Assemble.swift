import ArgumentParser
import Foundation
import RoverCore
import RoverImaging

extension RoverCommand {
  struct Assemble: AsyncParsableCommand, ServiceCommand {
    static let configuration = CommandConfiguration(
      commandName: "assemble",
      abstract: "Rebuild whole frames from their tiles: every tiled Navcam or Hazcam exposure of a sol.",
      discussion: """
        Perseverance sends full-field engineering frames at scale 1 and 2 as tiles. The tiles (full-size PNGs) are \
        downloaded into the output folder with the normal downloader (files already there are not fetched again), \
        placed on a canvas of the sensor's size divided by the scale at their subframe offsets, and written as \
        NAME.png (lossless; 16-bit where the tiles are) with NAME.json: tiles used and missing, the union subframe, \
        the camera model moved onto the canvas. Missing tiles are left transparent and named in one warning. Bayer \
        frames (colour letter E) are debayered after assembly. Prints each frame's path (JSON with --format json). \
        Exit codes: 0 done, 3 some tiles could not be downloaded, 65 a tile that does not fit (size against its \
        subframe, subframe outside the sensor, mixed eyes or scales) or cannot be decoded (an image bomb), \
        66 a tile file not readable, 74 cannot write.

        EXAMPLES:
          rover assemble perseverance --sol 1110 -o frames/
          rover assemble perseverance --sol 1110 --sequence NCAM13109 -o frames/ --format json
        """)

    @ParentCommand var root: RoverCommand
    @OptionGroup(title: "Connection options") var connection: ConnectionOptions
    @OptionGroup var quietFlag: QuietFlag
    @OptionGroup var pictures: PictureOptions
    @Flag(help: "Scale each tile's levels to agree with its neighbours' in the overlaps (off: tiles as sent).")
    var matchLevels = false

    func run() async throws {
      let assembler = FrameAssembler(options: .init(matchLevels: matchLevels))
      let run = try pictures.start(self)
      try await run.forEachSol { photos, workshop, report in
        let exposures = TiledExposure.group(photos)
        let files = try await workshop.fetch(exposures.flatMap(\.tiles))
        report.downloadFailures(files.failed)
        for exposure in exposures {
          report.attempt {
            let frame = try assembler.assemble(exposure, file: files.path)
            let path = try workshop.write(frame)
            let missing = frame.report.tilesMissing.map(String.init).joined(separator: ", ")
            if !missing.isEmpty { report.warning("\(frame.report.name): tiles \(missing) missing, left transparent") }
            report.made(path: path, json: FrameLine(path: path, report: frame.report))
          }
        }
      }
      try run.finish()
    }
  }
}

/// `assemble --format json`: the frame's report with its path.
private struct FrameLine: Encodable {
  var path: String
  var report: AssemblyReport

  enum Keys: String, CodingKey { case path }

  func encode(to encoder: any Encoder) throws {
    try report.encode(to: encoder)
    var container = encoder.container(keyedBy: Keys.self)
    try container.encode(path, forKey: .path)
  }
}
