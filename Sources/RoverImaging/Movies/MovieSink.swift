import Foundation

/// Where a movie's frames go as they are made: a GIF being written, or a directory of numbered PNGs.
struct MovieSink {
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

  mutating func add(_ frame: MovieFrame, delay: Int) throws(MovieError) {
    switch target {
    case .gif(let writer): try writer.add(frame, delay: delay)
    case .frames(let writer): try writer.add(frame)
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
