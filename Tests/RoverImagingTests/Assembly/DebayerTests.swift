import Foundation
import RoverCore
import Testing

@testable import RoverImaging

@Suite struct DebayerTests {
  /// An RGGB mosaic of a flat colour, cut from sensor pixel (1, 1).
  private func mosaic(width: Int, height: Int, sensorX: Int, sensorY: Int) -> Raster {
    var raster = Raster(width: width, height: height, channels: 1, bitDepth: 16)
    for y in 0..<height {
      for x in 0..<width {
        let color = Debayer.color(x: sensorX - 1 + x, y: sensorY - 1 + y, phaseX: 0, phaseY: 0)
        raster.setSample([40_000, 20_000, 5_000][color], x: x, y: y, channel: 0)
      }
    }
    return raster
  }

  private func photo(tile: Int, subframe: Subframe, folder: String, raster: Raster) throws -> (Photo, String) {
    let name = "NLE_1110_0765465872_675EBY_N0512578NCAM13109_0\(tile)_095J01"
    var metadata = FrameMetadata()
    metadata.subframe = subframe
    metadata.scaleFactor = 1
    let photo = Photo(
      id: .text(String(name.prefix(52))), sol: 1110, camera: Camera(name: "NAVCAM_LEFT"),
      imageSource: "https://example.invalid/\(name).png", earthDate: CalendarDate(daysSinceEpoch: 19_817),
      rover: Rover(name: "Perseverance"), metadata: metadata)
    let path = folder + "/\(name).png"
    try ImageCodec.writePNG(raster, to: path)
    return (photo, path)
  }

  @Test func bayerTilesAreDebayeredOnceWithTheSensorsPhaseEvenAtAnOddOffset() throws {
    let folder = try RealTiles.scratchFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    // Tile 01 from sensor column 1, tile 02 from the odd column 6 (canvas column 5): a tile debayered on its own
    // would swap red and green there.
    let first = try photo(
      tile: 1, subframe: Subframe(x: 1, y: 1, width: 8, height: 6), folder: folder,
      raster: mosaic(width: 8, height: 6, sensorX: 1, sensorY: 1))
    let second = try photo(
      tile: 2, subframe: Subframe(x: 6, y: 2, width: 7, height: 5), folder: folder,
      raster: mosaic(width: 7, height: 5, sensorX: 6, sensorY: 2))
    let files = [first.0.id: first.1, second.0.id: second.1]
    let exposure = try #require(TiledExposure.group([first.0, second.0]).first)
    #expect(exposure.tiles.count == 2)
    let assembler = FrameAssembler(options: .init(sensor: (12, 6)))
    let frame = try assembler.assemble(exposure) { files[$0.id] }
    #expect(frame.report.width == 12 && frame.report.uncoveredPixels == 4)
    #expect(frame.report.debayered)
    #expect(frame.raster.channels == 4 && frame.raster.bitDepth == 16)
    for (x, y) in [(1, 1), (3, 2), (6, 3), (9, 4), (10, 1)] {
      #expect(frame.raster.sample(x: x, y: y, channel: 0) == 40_000)
      #expect(frame.raster.sample(x: x, y: y, channel: 1) == 20_000)
      #expect(frame.raster.sample(x: x, y: y, channel: 2) == 5_000)
      #expect(frame.raster.sample(x: x, y: y, channel: 3) == 65_535)
    }
  }
}
