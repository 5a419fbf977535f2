import Foundation
import Testing

@testable import RoverCore

/// rover's own trimming gives Foundation's `trimmingCharacters(in:)` to the character, with and without newlines.
@Suite struct StringProtocolSpacesTests {
  @Test(arguments: [
    "", " ", "\t\t", "abc", "  abc  ", "\tUNK\t", " a b ", "\n x \n", "\u{00A0}72.5\u{3000}", "\u{2009}(1,2,3)\u{202F}",
    " \u{0301}e", "é ", " 🚀 ", "\u{200B}zero-width\u{200B}", "\r\n", " \u{1680}ogham\u{1680} ",
    "\u{180E}mongolian\u{180E}", "\u{2000}\u{200A}en\u{205F}", "\u{200C}joiner\u{FEFF}", "\u{85}next\u{2028}",
    "\u{2029}\u{000B}\u{000C}para\r",
  ])
  func trimsAsFoundationDoes(text: String) {
    #expect(text.trimmingSpaces() == text.trimmingCharacters(in: .whitespaces))
    let sub = Substring(text)
    #expect(sub.trimmingSpaces() == sub.trimmingCharacters(in: .whitespaces))
    #expect(text.trimmingSpacesAndNewlines() == text.trimmingCharacters(in: .whitespacesAndNewlines))
  }
}
