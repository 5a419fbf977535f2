import Foundation
import RoverTestSupport
import Testing

/// Help that teaches: examples in every command, the command's own options before the shared connection options,
/// `[<options>]` in the usage, only the formats a command accepts; completions that know rovers and cameras.
@Suite struct HelpTests {
  static let commands = [
    ["rovers"], ["manifest"], ["sols"], ["photos"], ["photo"], ["fetch-image"], ["sync"], ["watch"], ["sol-date"],
    ["cameras"], ["services"], ["cache", "info"], ["cache", "clear"], ["gallery"], ["config"],
  ]

  @Test(arguments: commands)
  func everyCommandHasExamplesAndOrderedSections(command: [String]) async throws {
    let result = try await CLI.run(command + ["--help"])
    #expect(result.exitCode == 0, "\(result)")
    let help = result.stdout
    #expect(help.contains("EXAMPLES:\n  rover \(command.joined(separator: " "))"), "\(help)")
    #expect(help.contains("USAGE: rover \(command.joined(separator: " ")) [<options>]"), "\(help)")
    if let connection = help.range(of: "CONNECTION OPTIONS:") {
      let options = try #require(help.range(of: "\nOPTIONS:"))
      #expect(options.lowerBound < connection.lowerBound, "the command's own options first")
    }
  }

  /// At 80 columns (piped help is wrapped there) every line fits, every example stays an indented line of its own
  /// (a copied example never breaks at column 0), and no default is said twice.
  @Test(arguments: commands + [["decode"], ["pairs"], ["sequences"], []])
  func helpFitsEightyColumns(command: [String]) async throws {
    let help = try await CLI.run(command + ["--help"]).stdout
    for line in help.split(separator: "\n") { #expect(line.count <= 80, "\(command): \(line)") }
    // One spelling, the one `--color`, NO_COLOR and the JSON field `color` already have.
    #expect(!help.lowercased().contains("colour"), "\(command): \(help)")
    let examples =
      help.components(separatedBy: "EXAMPLES:\n").dropFirst().first?
      .components(separatedBy: "\n\n").first ?? ""
    for line in examples.split(separator: "\n") { #expect(line.hasPrefix("  "), "\(command): \(line)") }
    let unwrapped = help.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
    let twice = #"\(default: ([^)]*)\)\.? \(default: \1\)"#
    #expect(unwrapped.range(of: twice, options: .regularExpression) == nil, "\(command)")
  }

  /// Connection options are described once, in `rover --help`; a command that asks a service names them in a few
  /// lines; the cache commands, where they do nothing, do not show them.
  @Test func connectionOptionsAreDescribedOnce() async throws {
    let root = try await CLI.run(["--help"]).stdout
    #expect(root.contains("--max-age <age>") && root.contains("Log each request"), "\(root)")
    let sync = try await CLI.run(["sync", "--help"]).stdout
    let block =
      sync.components(separatedBy: "CONNECTION OPTIONS").dropFirst().first?
      .components(separatedBy: "\n\n").first ?? ""
    #expect(block.split(separator: "\n").count <= 4, "\(block)")
    #expect(block.contains("--service") && block.contains("--max-age"), "\(block)")
    #expect(!sync.contains("Log each request"))
    for command in [["cache", "info"], ["cache", "clear"]] {
      let help = try await CLI.run(command + ["--help"]).stdout
      #expect(!help.contains("--service"), "\(help)")
    }
  }

  /// Help text with its line wrapping undone.
  func help(_ command: String) async throws -> String {
    let result = try await CLI.run([command, "--help"])
    return result.stdout.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
  }

  @Test func formatListsOnlyWhatTheCommandAccepts() async throws {
    let rovers = try await help("rovers")
    #expect(rovers.contains("(values: table, json, jsonl, csv)"), "\(rovers)")
    #expect(!rovers.contains("urls"))
    #expect(try await help("photos").contains("(values: table, json, jsonl, csv, urls, geojson)"))
    #expect(try await help("places").contains("(values: table, json, jsonl, csv, geojson)"))
    #expect(try await help("fetch-image").contains("(values: jsonl, csv, paths)"))
    let refused = try await CLI.run(["rovers", "--format", "urls"])
    #expect(refused.exitCode == 64)
  }

  @Test(arguments: ["bash", "zsh", "fish"])
  func completionsKnowRoversServicesCamerasAndFormats(shell: String) async throws {
    let result = try await CLI.run(["--generate-completion-script", shell])
    #expect(result.exitCode == 0)
    // Cameras are asked of rover itself at TAB time (`---completion`), so they follow the rover typed.
    let words = ["curiosity", "perseverance", "nasa-raw", "jsonl", "sync", "watch", "---completion photos -- --camera"]
    for word in words {
      #expect(result.stdout.contains(word), "\(shell) completion lacks \(word)")
    }
  }

  /// What the script's hook gets back, the way bash asks it: the words typed so far (rover's own name first), the
  /// index of the word being completed and the cursor's place in it. Only the typed rover's cameras, or all.
  @Test func cameraCompletionOffersOnlyTheTypedRoversCameras() async throws {
    func complete(_ words: [String]) async throws -> Set<String> {
      let result = try await CLI.run(
        ["---completion", "photos", "--", "--camera", String(words.count + 1), "0"] + ["rover", "photos"] + words)
      #expect(result.exitCode == 0, "\(result)")
      return Set(result.stdout.split(separator: "\n").map(String.init))
    }
    let curiosity = try await complete(["curiosity", "--sol", "1000", "--camera", ""])
    #expect(curiosity.isSuperset(of: ["CHEMCAM", "MAST", "NAVCAM"]), "\(curiosity)")
    #expect(!curiosity.contains("NAVCAM_LEFT") && !curiosity.contains("PANCAM"), "\(curiosity)")
    let perseverance = try await complete(["Perseverance", "--camera", ""])
    #expect(perseverance.isSuperset(of: ["NAVCAM_LEFT", "NAVCAM"]), "\(perseverance)")
    #expect(!perseverance.contains("CHEMCAM"), "\(perseverance)")
    let any = try await complete(["--camera", ""])
    #expect(any.isSuperset(of: ["CHEMCAM", "NAVCAM_LEFT", "PANCAM"]), "\(any)")
  }

  /// fetch-image --format csv: one row per result, the JSON Lines record's names as header.
  @Test func fetchImageFormatCSV() async throws {
    let api = try MockRoverAPI(shape: .original)
    defer { api.stop() }
    let dir = try TestDirectory.make("rover-cli")
    let result = try await CLI.run(
      ["fetch-image", "curiosity", "--sol", "1000", "--camera", "FHAZ", "-o", dir.path, "--format", "csv"], against: api
    )
    #expect(result.exitCode == 0, "\(result)")
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.first == "status,id,rover,sol,camera,img_src,path,bytes,reason,error")
    #expect(lines.count == api.dataset.photos(rover: "Curiosity", sol: 1000, camera: "FHAZ").count + 1)
    #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("downloaded,") })
    let paths = try await CLI.run(
      ["fetch-image", "curiosity", "--sol", "1000", "--camera", "FHAZ", "-o", dir.path, "--format", "paths"],
      against: api)
    #expect(paths.stdout.split(separator: "\n").allSatisfy { FileManager.default.fileExists(atPath: String($0)) })
  }
}
