import Foundation
import RoverTestSupport
import Testing

@testable import RoverCore
@testable import RoverGallery

/// Image bombs: files of a few hundred bytes whose headers declare sizes that would take gigabytes to decode.
@Suite struct ThumbnailMakerTests {
  func thumbnail(_ data: Data, _ name: String) throws -> Result<Data, ThumbnailFailure> {
    let files = try GalleryTestFiles()
    defer { files.remove() }
    let path = try files.write(name, data).path
    return Result { () throws(ThumbnailFailure) in try ThumbnailMaker.thumbnail(ofImageAt: path, maxSide: 320) }
  }

  func reason(_ result: Result<Data, ThumbnailFailure>) -> String? {
    if case .failure(let failure) = result { return failure.reason }
    return nil
  }

  /// The planted files are real images: at a small size they decode, so a refusal below is about size alone.
  @Test(arguments: [1, 3])
  func plantedProgressiveJPEGDecodesAtASmallSize(components: Int) throws {
    let data = try thumbnail(ImageBomb.progressiveJPEG(width: 40, height: 24, components: components), "a.jpg").get()
    #expect(jpegSize(data).map { [$0.width, $0.height] } == [40, 24])
  }

  @Test(arguments: [false, true])
  func plantedPNGDecodesAtASmallSize(interlaced: Bool) throws {
    let data = try thumbnail(ImageBomb.png(width: 1, height: 1, interlaced: interlaced), "a.png").get()
    #expect(jpegSize(data).map { [$0.width, $0.height] } == [1, 1])
  }

  /// The pixel cap applies to the size the header declares, not to the 1/8-scale output: 12000 x 12000 scales to
  /// 1500 x 1500, yet decoding it would first fill 288 MB of coefficients (60000 x 60000: 7.2 GB).
  @Test(arguments: [(12000, 12000, 1), (60000, 60000, 1), (60000, 60000, 3), (65000, 2000, 3)])
  func progressiveJPEGBombIsRefusedBeforeDecoding(width: Int, height: Int, components: Int) throws {
    let data = ImageBomb.progressiveJPEG(width: width, height: height, components: components)
    #expect(data.count < 200)
    let reason = try #require(reason(try thumbnail(data, "bomb.jpg")))
    #expect(reason == "declares \(width)x\(height) pixels, over the limit of 100 megapixels")
  }

  /// Under the pixel cap, a progressive color file can still need more coefficient memory than one decoder may
  /// take (9000 x 9000 x 3 components x 2 bytes = 486 MB): libjpeg's own limit refuses it before allocating.
  @Test func progressiveJPEGOverTheMemoryLimitIsRefused() throws {
    let reason = try #require(
      reason(try thumbnail(ImageBomb.progressiveJPEG(width: 9000, height: 9000, components: 3), "wide.jpg")))
    #expect(reason == "needs more than 256 MB to decode")
  }

  /// Each scan of a progressive file goes over every coefficient again: past 500 the file is refused (a repeated
  /// scan is only a warning to libjpeg, so without the limit all of them would be decoded).
  @Test(arguments: [(2, true), (600, false)])
  func progressiveJPEGScansAreLimited(scans: Int, decodes: Bool) throws {
    let data = ImageBomb.progressiveJPEG(width: 16, height: 16, scans: scans)
    let result = try thumbnail(data, "scans.jpg")
    #expect(reason(result) == (decodes ? nil : "more progressive scans than the limit of 500"))
  }

  /// Checked in IHDR before libpng allocates a row; a side over 65535 would make even one row large.
  @Test(arguments: [
    (60000, 60000, "100 megapixels"), (20000, 5001, "100 megapixels"), (2, 1_000_000, "65535 a side"),
  ])
  func pngBombIsRefusedBeforeDecoding(width: Int, height: Int, limit: String) throws {
    let reason = try #require(reason(try thumbnail(ImageBomb.png(width: width, height: height), "bomb.png")))
    #expect(reason == "declares \(width)x\(height) pixels, over the limit of \(limit)")
  }

  /// An interlaced PNG needs the whole image in memory to combine its passes (4 bytes a pixel): 9000 x 9000 is
  /// under the pixel cap, but its 324 MB are over one decoder's memory.
  @Test func interlacedPNGOverTheMemoryLimitIsRefused() throws {
    let data = ImageBomb.png(width: 9000, height: 9000, interlaced: true)
    #expect(reason(try thumbnail(data, "laced.png")) == "needs more than 256 MB to decode")
  }

  /// Compressed text chunks are discarded unread: 128 of them inflating to 7.9 MB each (a 6 MB file, 1 GB of
  /// text) once made libpng hold every one, and the thumbnail cost a gigabyte of memory.
  @Test func compressedTextChunksAreNotInflated() throws {
    let data = ImageBomb.pngWithText(chunks: 128, inflatedBytes: 7_900_000)
    var before = rusage()
    getrusage(RUSAGE_SELF.rawValue, &before)
    #expect(reason(try thumbnail(data, "text.png")) == nil)
    var after = rusage()
    getrusage(RUSAGE_SELF.rawValue, &after)
    // ru_maxrss is in kilobytes.
    #expect(after.ru_maxrss - before.ru_maxrss < 256 * 1024, "peak grew by \(after.ru_maxrss - before.ru_maxrss) KB")
  }
}
