internal import CGif
import Foundation
import RoverCore

#if canImport(Glibc)
  import Glibc
#endif

/// An animated GIF written frame by frame through giflib into a temporary file in the target directory, named only
/// when finished: a run stopped half-way leaves no GIF under the final name. Frames come as ``GIFBlock``s (encoded
/// apart, on any task) or as frames encoded here; memory is one block and a 64 KiB buffer.
///
/// Owned by one task: not `Sendable`.
package final class GIFWriter {
  package let width: Int
  package let height: Int
  /// 1 for the 256-grey palette, 3 for the 6×7×6 colour cube.
  package let channels: Int
  package private(set) var frames = 0
  private let temporary: TemporaryFile
  private var writer: OpaquePointer?
  /// The GIF's final path.
  package let path: String

  /// Starts a looping GIF that will be named `name` in `directory`.
  ///
  /// - Throws: `MovieError.unwritable` when the directory cannot take a file, `MovieError.encoder` when giflib
  ///   refuses the size (over 65535 a side).
  package init(directory: URL, name: String, width: Int, height: Int, channels: Int) throws(MovieError) {
    self.width = width
    self.height = height
    self.channels = channels
    path = directory.appendingPathComponent(name).path
    do {
      temporary = try SafeDirectory.root(directory).temporaryFile()
    } catch {
      throw .unwritable(path: path, reason: SystemError.text(error))
    }
    // The writer closes what it is given; the original descriptor stays open to name the file.
    let copy = dup(temporary.descriptor)
    guard copy >= 0 else {
      temporary.discard()
      throw .unwritable(path: path, reason: String(cString: strerror(errno)))
    }
    var error: Int32 = 0
    guard
      let writer = rover_gif_open(
        copy, Int32(clamping: width), Int32(clamping: height), channels == 1 ? 0 : 1, &error)
    else {
      temporary.discard()
      throw .encoder(path: path, reason: String(cString: rover_gif_error(error)))
    }
    self.writer = writer
  }

  deinit {
    discard()
  }

  /// Adds a frame of the GIF's size shown for `delay` hundredths of a second; converted to the GIF's channels.
  ///
  /// - Throws: `MovieError.encoder` when giflib fails (a full disk).
  package func add(_ frame: MovieFrame, delay: Int) throws(MovieError) {
    precondition(frame.width == width && frame.height == height, "frame size differs from the GIF's")
    try add(GIFBlock(encoding: frame, channels: channels, path: path), delay: delay)
  }

  /// Adds a frame encoded apart (see ``GIFBlock``), shown for `delay` hundredths of a second.
  ///
  /// - Throws: `MovieError.encoder` when the file cannot take it (a full disk).
  package func add(_ block: GIFBlock, delay: Int) throws(MovieError) {
    guard let writer else { return }
    precondition(
      block.width == width && block.height == height && block.channels == channels, "block differs from the GIF")
    let status = block.bytes.withUnsafeBufferPointer { buffer in
      rover_gif_put_block(writer, buffer.baseAddress, buffer.count, Int32(clamping: delay))
    }
    guard status == 0 else { throw fail(status) }
    frames += 1
  }

  /// Ends the GIF and gives it its name, replacing an older file there.
  ///
  /// - Throws: `MovieError.encoder` or `.unwritable`; the temporary file is removed either way.
  package func finish() throws(MovieError) {
    guard let writer else { return }
    self.writer = nil
    let status = rover_gif_close(writer)
    guard status == 0 else {
      temporary.discard()
      throw .encoder(path: path, reason: String(cString: rover_gif_error(status)))
    }
    do {
      try temporary.commit(as: URL(fileURLWithPath: path).lastPathComponent)
    } catch {
      temporary.discard()
      throw .unwritable(path: path, reason: SystemError.text(error))
    }
  }

  /// Abandons the GIF: nothing is named.
  package func discard() {
    if let writer { _ = rover_gif_close(writer) }
    if writer != nil { temporary.discard() }
    writer = nil
  }

  private func fail(_ status: Int32) -> MovieError {
    discard()
    return .encoder(path: path, reason: String(cString: rover_gif_error(status)))
  }
}
