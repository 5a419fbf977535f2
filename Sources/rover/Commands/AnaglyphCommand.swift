import ArgumentParser
import Foundation
import RoverCore
import RoverImaging

extension AnaglyphStyle: ExpressibleByArgument {}

extension RoverCommand {
  struct AnaglyphCommand: AsyncParsableCommand, ServiceCommand {
    static let configuration = CommandConfiguration(
      commandName: "anaglyph",
      abstract: "Make a stereo picture of every left/right pair of a sol, rectified with the cameras' models.",
      discussion: """
        Pairs are found as `rover pairs` finds them. Both frames (full-size) are downloaded into the output folder \
        with the normal downloader (files already there are not fetched again), resampled onto one linear camera \
        from their full CAHVORE models so that matching points share a row, and combined: grey red/cyan (the \
        default), color, cross-eye or side-by-side. A pair without camera models is aligned by a vertical shift \
        found by correlation, said on stderr and in the JSON. Writes LEFT-NAME_STYLE.png; prints each path (JSON \
        with --format json). Exit codes: 0 done, 3 some frames could not be downloaded, 65 a pair of different \
        sizes, a camera model with NaN or a zero vector, a frame that cannot be decoded (an image bomb), 66 a \
        frame file not readable, 74 cannot write.

        EXAMPLES:
          rover anaglyph perseverance --sol 1110 -o 3d/
          rover anaglyph perseverance --sol 1110 -o 3d/ --style color
        """)

    @ParentCommand var root: RoverCommand
    @OptionGroup(title: "Connection options") var connection: ConnectionOptions
    @OptionGroup var quietFlag: QuietFlag
    @OptionGroup var pictures: PictureOptions
    @Option(help: "How the eyes are combined.") var style: AnaglyphStyle = .grey

    func run() async throws {
      let maker = AnaglyphMaker(style: style)
      let run = try pictures.start(self)
      try await run.forEachSol { photos, workshop, report in
        let pairs = StereoPairing.pairs(photos).compactMap { pair in
          pair.left.flatMap { l in pair.right.map { (l, $0) } }
        }
        let files = try await workshop.fetch(pairs.flatMap { [$0.0, $0.1] })
        report.downloadFailures(files.failed)
        for pair in pairs { make(pair, files: files, maker: maker, workshop: workshop, report: report) }
      }
      try run.finish()
    }

    /// One pair's picture, written and reported; a pair whose frames did not download is left to the report.
    private func make(
      _ pair: (left: Photo, right: Photo), files: PictureWorkshop.Files, maker: AnaglyphMaker,
      workshop: PictureWorkshop,
      report: PictureReport
    ) {
      let (left, right) = pair
      guard let leftPath = files.path(left), let rightPath = files.path(right) else { return }
      report.attempt {
        let picture = try maker.make(
          leftPath: leftPath, leftModel: left.metadata.cameraModel, rightPath: rightPath,
          rightModel: right.metadata.cameraModel)
        let name = (left.frame?.frameKey ?? left.id.description) + "_" + style.rawValue
        let path = try workshop.write(picture.raster, name: name)
        if let reason = picture.fallbackReason, case .verticalShift(let rows) = picture.rectification {
          report.warning("\(name): \(reason); aligned by a vertical shift of \(rows) rows instead")
        }
        report.made(path: path, json: AnaglyphLine(left: left, right: right, path: path, style: style, picture))
      }
    }
  }
}

/// `anaglyph --format json`: one line per picture.
private struct AnaglyphLine: Encodable {
  var leftID: String
  var rightID: String
  var path: String
  var style: String
  var width: Int
  var height: Int
  var rectification: String
  var verticalShift: Int?
  var fallbackReason: String?

  init(left: Photo, right: Photo, path: String, style: AnaglyphStyle, _ picture: Anaglyph) {
    leftID = left.id.description
    rightID = right.id.description
    self.path = path
    self.style = style.rawValue
    width = picture.raster.width
    height = picture.raster.height
    switch picture.rectification {
    case .cameraModels: rectification = "camera_models"
    case .verticalShift(let rows): (rectification, verticalShift) = ("vertical_shift", rows)
    }
    fallbackReason = picture.fallbackReason
  }

  enum CodingKeys: String, CodingKey {
    case path, style, width, height, rectification
    case leftID = "left_id", rightID = "right_id", verticalShift = "vertical_shift", fallbackReason = "fallback_reason"
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(leftID, forKey: .leftID)
    try container.encode(rightID, forKey: .rightID)
    try container.encode(path, forKey: .path)
    try container.encode(style, forKey: .style)
    try container.encode(width, forKey: .width)
    try container.encode(height, forKey: .height)
    try container.encode(rectification, forKey: .rectification)
    try container.encode(verticalShift, forKey: .verticalShift)
    try container.encode(fallbackReason, forKey: .fallbackReason)
  }
}
