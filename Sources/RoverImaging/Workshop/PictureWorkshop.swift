import Foundation
import RoverCore

/// Fetches the frames pictures are made of into an output folder with the normal downloader, and writes the
/// pictures beside them: what `rover assemble` and `rover anaglyph` share.
///
/// Frames already in the folder are not fetched again (the downloader's own skip, its record kept); without a
/// downloader (`--offline`) only the frames present are used.
package struct PictureWorkshop: Sendable {
  /// Where frames are downloaded and pictures written.
  package var directory: URL
  /// How downloaded frames are named in ``directory``.
  package var template: NameTemplate
  /// Nil when nothing may be fetched.
  package var downloader: Downloader?

  package init(directory: URL, template: NameTemplate = .default, downloader: Downloader?) {
    self.directory = directory
    self.template = template
    self.downloader = downloader
  }

  /// The frames that are in place after fetching what was missing.
  package struct Files: Sendable {
    /// Each frame's file, by photo id.
    package var paths: [PhotoID: String] = [:]
    /// The frames that could not be fetched.
    package var failed: [DownloadResult] = []

    /// The file of `photo`, if it is in place.
    package func path(_ photo: Photo) -> String? { paths[photo.id] }
  }

  /// Fetches `photos` (those not yet in the folder) and says where each is.
  ///
  /// - Throws: what `Downloader.run(_:)` throws (the folder cannot be made or opened).
  package func fetch(_ photos: [Photo]) async throws -> Files {
    var files = Files()
    guard let downloader else {
      for photo in photos {
        let path = directory.appendingPathComponent(template.path(for: photo)).path
        if FileManager.default.fileExists(atPath: path) { files.paths[photo.id] = path }
      }
      return files
    }
    let stream = AsyncStream<Photo> { continuation in
      for photo in photos { continuation.yield(photo) }
      continuation.finish()
    }
    for try await result in downloader.results(for: stream) {
      if case .failed = result.outcome {
        files.failed.append(result)
      } else {
        files.paths[result.photo.id] = directory.appendingPathComponent(result.path).path
      }
    }
    return files
  }

  /// Writes an assembled frame as `<name>.png` with its report as `<name>.json`, both atomically.
  ///
  /// - Returns: the picture's path.
  /// - Throws: ``ImagingError/writeFailed(path:reason:)``.
  package func write(_ frame: AssembledFrame) throws(ImagingError) -> String {
    let path = directory.appendingPathComponent(frame.report.name + ".png").path
    try ImageCodec.writePNG(frame.raster, to: path)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let sidecar = directory.appendingPathComponent(frame.report.name + ".json").path
    guard let data = try? encoder.encode(frame.report) else {
      throw .writeFailed(path: sidecar, reason: "cannot encode the report")
    }
    try AtomicFile.write(data + Data("\n".utf8), to: sidecar)
    return path
  }

  /// Writes a picture as `<name>.png`, atomically.
  ///
  /// - Returns: its path.
  /// - Throws: ``ImagingError/writeFailed(path:reason:)``.
  package func write(_ raster: Raster, name: String) throws(ImagingError) -> String {
    let path = directory.appendingPathComponent(name + ".png").path
    try ImageCodec.writePNG(raster, to: path)
    return path
  }
}
