import Testing

@testable import RoverCore

@Suite struct ControlCharactersTests {
  @Test func controlsBecomeVisibleEscapes() {
    #expect(ControlCharacters.escaped("a\u{1B}[2Jb") == #"a\x1B[2Jb"#)
    #expect(ControlCharacters.escaped("x\u{0}\r\n\u{9B}y") == #"x\x00\x0D\x0A\x9By"#)
    #expect(ControlCharacters.escaped("line\nnext", keepingNewlines: true) == "line\nnext")
    #expect(ControlCharacters.escaped("abc\u{202E}gpj.exe") == #"abc\u{202E}gpj.exe"#)
    #expect(ControlCharacters.escaped("Mastcam · Ölberg ☃") == "Mastcam · Ölberg ☃")
  }

  @Test func fileNamesDropC1AndBidiControls() {
    #expect(FileNameSanitizer.component("photo\u{202E}gpj.exe") == "photo_gpj.exe")
    #expect(FileNameSanitizer.component("a\u{85}b\u{9B}c") == "a_b_c")
  }
}
