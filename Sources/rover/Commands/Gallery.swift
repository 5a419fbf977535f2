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
    @Argument(help: ArgumentHelp("The folder of images.", valueName: "dir")) var directory: String
    @Option(name: [.short, .customLong("output")], help: ArgumentHelp("The page to write.", valueName: "file"))
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
      // What the scan could not read, then one line per image without a thumbnail, so none hides behind another.
      for reason in report.skipped { StandardError.line("rover: warning: skipped \(reason)") }
      for failure in report.thumbnails?.failed ?? [] {
        StandardError.line("rover: warning: no thumbnail for \(failure.path): \(failure.reason)")
      }
      StandardError.line(Self.summary(report))
      Printer(format: .table, color: false).write(report.page + "\n")
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
