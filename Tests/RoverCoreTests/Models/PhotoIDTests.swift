import Foundation
import Testing

@testable import RoverCore

@Suite struct PhotoIDTests {
  @Test func decodesNumbersAndStrings() throws {
    let ids = try JSONDecoder().decode([PhotoID].self, from: Data(#"[102693, "NLF_0100_0675828717"]"#.utf8))
    #expect(ids == [.number(102693), .text("NLF_0100_0675828717")])
  }

  @Test func encodesBackToTheSameType() throws {
    let data = try JSONEncoder().encode([PhotoID.number(7), .text("x")])
    #expect(String(decoding: data, as: UTF8.self) == #"[7,"x"]"#)
  }

  @Test func argumentParsing() {
    #expect(PhotoID(argument: "102693") == .number(102693))
    #expect(PhotoID(argument: "NLF_01") == .text("NLF_01"))
  }
}
