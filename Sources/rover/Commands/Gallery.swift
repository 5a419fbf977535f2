import ArgumentParser
import Foundation
import RoverCore
import RoverGallery

extension RoverCommand {
  struct Gallery: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "gallery",
      abstract: "Write one HTML page that browses a folder of downloaded photos, offline.",
      discussion: """
        Photos are grouped by rover, sol (newest first) and camera, using the NAME.json sidecars that \
        `fetch-image --metadata` writes; images without one are listed by path. Links are relative, so the folder \
        can be moved or zipped with its page. Prints the page's path. \
        Exit codes: 0 written, 64 bad usage, 66 no such folder, 74 cannot write.

        EXAMPLES:
          rover gallery photos/ --thumbnails
          rover gallery mast/ -o mast.html --title "Mast camera"
        """)

    @OptionGroup var quietFlag: QuietFlag
    @Argument(help: ArgumentHelp("The folder of images.", valueName: "dir"), completion: .directory)
    var directory: String
    @Option(
      name: [.short, .customLong("output")], help: ArgumentHelp("The page to write.", valueName: "file"),
      completion: .file())
    var output: String?
    @Option(help: ArgumentHelp("The page's title.", valueName: "text")) var title: String?
    @Flag(help: "Make small JPEG copies in DIR/.thumbnails/ (reused on the next run).") var thumbnails = false
    @Option(help: ArgumentHelp("Longer side of a thumbnail in pixels (64-1024).", valueName: "px"))
    var thumbnailSize = 320

    func validate() throws {
      guard (64...1024).contains(thumbnailSize) else {
        throw ValidationError("--thumbnail-size must be between 64 and 1024, got \(thumbnailSize)")
      }
      if output?.isEmpty == true { throw ValidationError("--output needs a file name") }
    }

    func run() async throws {
      let options = GalleryBuilder.Options(
        directory: URL(fileURLWithPath: directory), output: output.map { URL(fileURLWithPath: $0) }, title: title,
        thumbnails: thumbnails, thumbnailSize: thumbnailSize)
      let report = try await GalleryBuilder(options: options).run(progress: Terminal.showProgress ? Self.draw : nil)
      if Terminal.showProgress, thumbnails { StandardError.write("\r\u{1B}[K") }
      // What the scan could not read, then the images without a thumbnail, in one line.
      for reason in report.skipped { StandardError.line("rover: warning: skipped \(reason)") }
      if let warning = Self.thumbnailWarning(report.thumbnails?.failed ?? []) { StandardError.line(warning) }
      StandardError.line(Self.summary(report))
      Printer(format: .table, color: false).write(report.page + "\n")
    }

    /// One warning for every image without a thumbnail (a folder of 500 undecodable images is one line, not 500),
    /// naming the first three in path order with why, and how many more; nil when every thumbnail was made.
    static func thumbnailWarning(_ failures: [ThumbnailStore.Failure]) -> String? {
      guard let first = failures.first else { return nil }
      guard failures.count > 1 else { return "rover: warning: no thumbnail for \(first.path): \(first.reason)" }
      let named = failures.prefix(3).map { "\($0.path): \($0.reason)" }.joined(separator: "; ")
      let more = failures.count > 3 ? "; and \(failures.count - 3) more" : ""
      return "rover: warning: no thumbnail for \(failures.count) images (\(named)\(more)); they are shown full size"
    }

    static func summary(_ report: GalleryBuilder.Report) -> String {
      var line = "\(report.images) images, \(report.withMetadata) with metadata"
      if let thumbs = report.thumbnails {
        line += "; thumbnails: \(thumbs.made) made, \(thumbs.reused) reused, \(thumbs.removed) removed"
        if !thumbs.failed.isEmpty { line += ", \(thumbs.failed.count) failed" }
      }
      return line
    }

    @Sendable static func draw(done: Int, total: Int) {
      StandardError.write("\rthumbnails \(done)/\(total)")
    }
  }
}
