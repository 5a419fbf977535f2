import Foundation

/// Where a movie's frames go as they are made: a GIF being written, or a directory of numbered PNGs.
struct MovieSink {
  /// A frame made ready on a task for ``add(_:delay:)``: its GIF block (giflib's encoding, most of a movie's time),
  /// or the frame itself for a PNG.
  enum Prepared: Sendable {
    case block(GIFBlock)
    case frame(MovieFrame)
  }

  private enum Target {
    case gif(GIFWriter)
    case frames(PNGSequenceWriter)
  }

  private let target: Target
  /// The GIF's path, or the PNGs' directory.
  let path: String

  init(
    output: MovieMaker.Output, directory: URL, id: String, width: Int, height: Int, channels: Int
  ) throws(MovieError) {
    switch output {
    case .gif:
      let writer = try GIFWriter(
        directory: directory, name: id + ".gif", width: width, height: height, channels: channels)
      target = .gif(writer)
      path = directory.appendingPathComponent(id + ".gif").path
    case .frames:
      let writer = try PNGSequenceWriter(directory: directory.appendingPathComponent(id))
      target = .frames(writer)
      path = writer.directory.path
    }
  }

  var frames: Int {
    switch target {
    case .gif(let writer): writer.frames
    case .frames(let writer): writer.frames
    }
  }

  /// What a task does to a frame before it is added: safe on any task, as it touches no writer.
  var preparer: @Sendable (MovieFrame) throws(MovieError) -> Prepared {
    switch target {
    case .gif(let writer):
      let (channels, path) = (writer.channels, writer.path)
      return { frame throws(MovieError) in .block(try GIFBlock(encoding: frame, channels: channels, path: path)) }
    case .frames:
      return { frame in .frame(frame) }
    }
  }

  /// Adds a frame made ready by ``preparer``, shown for `delay` hundredths of a second (GIF only).
  mutating func add(_ prepared: Prepared, delay: Int) throws(MovieError) {
    switch (target, prepared) {
    case (.gif(let writer), .block(let block)): try writer.add(block, delay: delay)
    case (.gif(let writer), .frame(let frame)): try writer.add(frame, delay: delay)
    case (.frames(let writer), .frame(let frame)): try writer.add(frame)
    case (.frames, .block): preconditionFailure("a GIF block for a PNG sequence")
    }
  }

  func finish() throws(MovieError) {
    if case .gif(let writer) = target { try writer.finish() }
  }

  /// Drops a GIF not yet named; PNGs already written stay (each was complete when named).
  func discard() {
    if case .gif(let writer) = target { writer.discard() }
  }
}
