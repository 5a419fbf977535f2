import RoverCore

/// Makes untrusted text (sidecar fields, file names, the title) safe inside HTML text and quoted attributes.
package enum HTMLText {
  /// Escapes `& < > " '`, turns tabs and line breaks into spaces, and replaces other control characters and the
  /// Unicode bidirectional overrides, embeddings, isolates and marks with U+FFFD, so text cannot restyle the page,
  /// end an element, or reorder what is shown around it.
  package static func escape(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      case "\t", "\n", "\r": result += " "
      default:
        result.unicodeScalars.append(isNeutralised(scalar) ? "\u{FFFD}" : scalar)
      }
    }
    return result
  }

  /// C0 and C1 controls, DEL, and the bidirectional formatting characters.
  static func isNeutralised(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: return true
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
    default: return false
    }
  }

  /// A relative path for `href`/`src`: each `/`-separated segment percent-encoded as UTF-8, keeping only RFC 3986's
  /// unreserved characters, so spaces, `#`, `?`, `%`, `:` (a file named `javascript:x.jpg`) and non-ASCII names
  /// all stay a path.
  package static func urlPath(_ path: String) -> String {
    path.split(separator: "/", omittingEmptySubsequences: false).map { percentEncode(String($0)) }.joined(
      separator: "/")
  }

  /// One path segment, percent-encoded; `..` and `.` stay as they are (they only come from our own relative paths).
  static func percentEncode(_ segment: String) -> String {
    var result = ""
    for byte in segment.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
        UInt8(ascii: "~"):
        result.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        result += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true)
      }
    }
    return result
  }

  /// A web address from a sidecar, only when it is plain `http`/`https` without spaces or controls; anything else
  /// (`javascript:`, `data:`) is not linked.
  package static func webLink(_ text: String) -> String? {
    let lowered = text.lowercased()
    guard lowered.hasPrefix("https://") || lowered.hasPrefix("http://"),
      !text.unicodeScalars.contains(where: { $0.value <= 0x20 || isNeutralised($0) })
    else { return nil }
    return text
  }

  /// A fragment id from any text: ASCII letters, digits, `-` and `_` kept, everything else as `_`.
  package static func anchor(_ text: String) -> String {
    String(
      text.unicodeScalars.map { scalar -> Character in
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "-", "_": return Character(scalar)
        default: return "_"
        }
      })
  }
}

/// Hands out fragment ids, each once: a second `photo-123` becomes `photo-123-2`.
struct AnchorNames {
  private var used: Set<String> = []

  mutating func unique(_ base: String) -> String {
    var name = base
    var number = 2
    while !used.insert(name).inserted {
      name = "\(base)-\(number)"
      number += 1
    }
    return name
  }
}
