import Foundation

/// Writes a movie's frames as numbered PNGs (`00001.png`, …) in one directory, through ``ImageCodec/writePNG``,
/// which names each file only when it is complete. The numbers count written frames, so a skipped frame leaves no
/// gap for ffmpeg to stop at.
final class PNGSequenceWriter {
  let directory: URL
  private(set) var frames = 0

  /// - Throws: `MovieError.unwritable` when the directory cannot be created.
  init(directory: URL) throws(MovieError) {
    self.directory = directory
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      throw .unwritable(path: directory.path, reason: (error as NSError).localizedDescription)
    }
  }

  /// - Throws: `MovieError.encoder` when the PNG cannot be written.
  func add(_ frame: MovieFrame) throws(MovieError) {
    let number = String(frames + 1)
    let name = String(repeating: "0", count: max(0, 5 - number.count)) + number + ".png"
    let raster = Raster(
      width: frame.width, height: frame.height, channels: frame.channels, bitDepth: 8, bytes: frame.samples)
    do {
      try ImageCodec.writePNG(raster, to: directory.appendingPathComponent(name).path)
    } catch {
      throw .encoder(path: error.path, reason: error.reason)
    }
    frames += 1
  }
}
