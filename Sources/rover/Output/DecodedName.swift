import ArgumentParser
import Foundation
import RoverCore

#if canImport(Glibc)
  import Glibc
#endif

/// One decoded name as printed: the input as given, then `FrameName`'s sixteen JSON fields in their order.
struct DecodedName {
  var name: String
  var frame: FrameName

  /// A field's value and how JSON spells it.
  enum Value {
    case text(String?)
    case number(String?)
    case flag(Bool)
  }

  var values: [Value] {
    [
      .text(name), .text(frame.mission.rawValue), .text(frame.camera), .text(frame.eye?.rawValue), .text(frame.color),
      .text(frame.filter), .number(frame.sol.map(String.init)), .number(frame.sclk.flatMap(Self.seconds)),
      .text(frame.product), .flag(frame.thumbnail), .number(frame.site.map(String.init)),
      .number(frame.drive.map(String.init)), .text(frame.sequence), .number(frame.tile.map(String.init)),
      .number(frame.downsample.map(String.init)), .text(frame.compression), .number(frame.version.map(String.init)),
    ]
  }

  /// JSONEncoder's spelling of a clock: whole seconds without `.0`, a fraction in Swift's shortest exact form.
  static func seconds(_ value: Double) -> String? {
    guard value.isFinite else { return nil }
    return value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : String(value)
  }

  /// One JSON object with the keys in `fields` order, written here because JSONEncoder on Linux keeps no key order:
  /// compact for JSON Lines, or pretty-printed as an element of the `--json` array (as JSONEncoder indents it).
  func json(pretty: Bool) -> String {
    var output = pretty ? "  {\n" : "{"
    for (index, (key, value)) in zip(Self.fields, values).enumerated() {
      if index > 0 { output += pretty ? ",\n" : "," }
      output += pretty ? "    \"\(key)\" : " : "\"\(key)\":"
      switch value {
      case .text(let text): output += text.map(Self.jsonString) ?? "null"
      case .number(let number): output += number ?? "null"
      case .flag(let flag): output += flag ? "true" : "false"
      }
    }
    return output + (pretty ? "\n  }" : "}")
  }

  /// A JSON string literal: quotes, backslashes and C0 controls escaped, everything else as is (JSON output stays
  /// exact, as JSONEncoder writes it).
  static func jsonString(_ text: String) -> String {
    let special = { (byte: UInt8) in byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") }
    guard text.utf8.contains(where: special) else { return "\"" + text + "\"" }
    var output = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: output.unicodeScalars.append(scalar)
      }
    }
    return output + "\""
  }
}

extension DecodedName: Tabular {
  static let fields = [
    "name", "mission", "camera", "eye", "color", "filter", "sol", "sclk", "product", "thumbnail", "site", "drive",
    "sequence", "tile", "downsample", "compression", "version",
  ]

  /// Upper case as every table's header; the long ones shortened (the JSON and CSV keep `fields`), so seventeen
  /// columns fit a 100-column terminal with room for the values.
  static let columns = [
    "NAME", "MISSION", "CAMERA", "EYE", "COLOR", "FILTER", "SOL", "SCLK", "PRODUCT", "THUMB", "SITE", "DRIVE",
    "SEQUENCE", "TILE", "DS", "COMPR", "VER",
  ]

  /// sol, sclk, site, drive, tile, downsample, version.
  static let numericColumns: Set<Int> = [6, 7, 10, 11, 13, 14, 16]

  var cells: [String] {
    values.map { value in
      switch value {
      case .text(let text), .number(let text): return text ?? "-"
      case .flag(let flag): return flag ? "yes" : "no"
      }
    }
  }

  var fieldValues: [String?] {
    values.map { value in
      switch value {
      case .text(let text), .number(let text): return text
      case .flag(let flag): return flag ? "true" : "false"
      }
    }
  }
}
