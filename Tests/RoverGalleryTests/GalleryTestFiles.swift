import Foundation
import RoverCore
import RoverGallery
import RoverTestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Folders of real images and `fetch-image --metadata` sidecars for the gallery's tests.
struct GalleryTestFiles {
  let root: URL

  init() throws {
    root = try TestDirectory.make("rover-gallery")
  }

  func remove() { try? FileManager.default.removeItem(at: root) }

  func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }

  /// Writes `data` at `relative`, creating folders.
  @discardableResult
  func write(_ relative: String, _ data: Data) throws -> URL {
    let url = url(relative)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try data.write(to: url)
    return url
  }

  /// A real JPEG of one color.
  @discardableResult
  func jpeg(_ relative: String, width: Int = 64, height: Int = 48, rgb: (UInt8, UInt8, UInt8) = (200, 80, 40))
    throws -> URL
  {
    let pixels = (0..<(width * height)).flatMap { _ in [rgb.0, rgb.1, rgb.2] }
    return try write(relative, try ThumbnailMaker.jpeg(rgb: pixels, width: width, height: height))
  }

  /// A real PNG of one color.
  @discardableResult
  func png(_ relative: String, width: Int = 64, height: Int = 48) throws -> URL {
    try write(relative, TestPNG.solid(width: width, height: height, rgb: (40, 90, 200)))
  }

  /// The image plus its `NAME.json`, the JSON of a `Photo` as `fetch-image --metadata` writes it.
  @discardableResult
  func photo(
    _ relative: String, id: PhotoID, sol: Int, camera: String, fullName: String? = nil, rover: String = "Curiosity",
    source: String = "https://mars.nasa.gov/raw/x.jpg"
  ) throws -> URL {
    let url = relative.hasSuffix(".png") ? try png(relative) : try jpeg(relative)
    let photo = Photo(
      id: id, sol: sol, camera: Camera(name: camera, fullName: fullName), imageSource: source,
      earthDate: CalendarDate(year: 2015, month: 5, day: 30)!, rover: Rover(name: rover, status: .active))
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    try write(relative + ".json", try encoder.encode(photo))
    return url
  }

  func symlink(_ relative: String, to target: String) throws {
    try FileManager.default.createSymbolicLink(atPath: url(relative).path, withDestinationPath: target)
  }

  func scan() throws -> [GalleryItem] { try GalleryScanner(directory: root).scan() }
}

/// The pixel size a JPEG's start-of-frame marker declares.
func jpegSize(_ data: Data) -> (width: Int, height: Int)? {
  let bytes = [UInt8](data)
  guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
  var index = 2
  while index + 9 < bytes.count {
    guard bytes[index] == 0xFF else { return nil }
    let marker = bytes[index + 1]
    let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
    if (0xC0...0xC3).contains(marker) {
      let height = Int(bytes[index + 5]) << 8 | Int(bytes[index + 6])
      let width = Int(bytes[index + 7]) << 8 | Int(bytes[index + 8])
      return (width, height)
    }
    index += 2 + length
  }
  return nil
}
