import ArgumentParser
import Foundation
import RoverCore

#if canImport(Glibc)
  import Glibc
#endif

extension RoverCommand {
  struct Decode: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "decode",
      abstract: "Decode NASA image file names offline: camera, eye, sol, clock, position, version.",
      discussion: """
        Reads the name alone, with no request and no settings: Perseverance and Ingenuity, Curiosity (engineering \
        cameras; Mastcam, MAHLI, MARDI, including the short names of sols 0-1, which give sol and camera only), \
        Spirit and Opportunity (MER, with or without the galleries' -BR/-THM suffix). Takes bare names, image \
        URLs or paths; - \
        reads them from stdin, one a line (blank lines skipped), and prints each as it is read (an aligned table \
        on a terminal waits for the last, to size its columns).

        Fields: mission, camera, eye, color, filter, sol, sclk (the name's clock, seconds), product, thumbnail, \
        site, drive, sequence, tile, downsample, compression, version; null in JSON, empty in CSV and - in the \
        table where the name's grammar has no such field. JSON objects and CSV rows start with "name", the input \
        as given. A name no grammar fits is named on stderr, the others still print, and the exit code is 65.

        EXAMPLES:
          rover decode ZL0_0050_0671382043_081ECM_N0031950ZCAM08013_063085J01.png
          rover decode 1p128287181eff0000p2303l2m1.img 3163MR1003400001403352E01_DXXX
          rover decode FLB_530660118EDR_F0582394FHAZ00318M_.JPG --json | jq '.[].sclk'
          rover photos perseverance --sol 50 --format urls | rover decode - --format csv
        """)

    @OptionGroup var quietFlag: QuietFlag
    @OptionGroup var output: OutputOptions
    @Argument(
      help: ArgumentHelp("File names, image URLs or paths; - reads them from stdin, one a line.", valueName: "name"),
      completion: .file())
    var inputs: [String]

    func validate() throws {
      if inputs.contains("-"), inputs.count > 1 {
        throw ValidationError("'-' reads names from stdin and cannot be combined with names")
      }
    }

    func run() async throws {
      var writer = DecodedNameWriter(printer: Printer(output))
      var failures = 0
      // Close a JSON array even when reading stops early: what was printed stays valid JSON.
      defer { writer.finish() }
      try forEachName(beforeWaiting: { writer.flush() }) { name in
        guard let frame = FrameName(name) else {
          failures += 1
          writer.flush()
          StandardError.error("rover: decode: '\(name)': no NASA file-name grammar fits")
          return
        }
        writer.add(DecodedName(name: name, frame: frame))
      }
      if failures > 0 { throw ExitCode(ExitStatus.dataError) }
    }

    /// Calls `body` with each name: the arguments, or the non-blank lines of stdin for `-`.
    private func forEachName(beforeWaiting: () -> Void, _ body: (String) -> Void) throws {
      guard inputs == ["-"] else {
        for name in inputs {
          try Task.checkCancellation()
          body(name)
        }
        return
      }
      var lines = StandardInputLines()
      do {
        while let line = try lines.next(beforeWaiting: beforeWaiting) {
          if line.contains(where: { !$0.isWhitespace }) { body(line) }
        }
      } catch let failure as StandardInputLines.Failure {
        StandardError.error("rover: decode: cannot read stdin: \(failure.reason)")
        throw ExitCode(ExitStatus.ioError)
      }
      // A pipeline stopped by Ctrl-C ends its input: say it was interrupted, not done.
      try Task.checkCancellation()
    }
  }
}
