import Testing

@testable import RoverCore
@testable import RoverGallery

@Suite struct HTMLTextTests {
  @Test func escapesMarkupAndBothQuotes() {
    #expect(
      HTMLText.escape("<script>alert('x')</script> & \"y\"")
        == "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;y&quot;")
  }

  @Test func styleEndTagInTextCannotCloseTheStyle() {
    #expect(!HTMLText.escape("</style><b>").contains("<"))
  }

  @Test func bidiOverridesAndControlCharactersAreNeutralised() {
    let hostile = "a\u{202E}gpj.exe\u{2066}b\u{200F}c\u{0}d\u{1B}[31me\u{7F}f\u{85}g"
    let escaped = HTMLText.escape(hostile)
    for scalar in ["\u{202E}", "\u{2066}", "\u{200F}", "\u{0}", "\u{1B}", "\u{7F}", "\u{85}"] {
      #expect(!escaped.contains(scalar))
    }
    #expect(escaped == "a\u{FFFD}gpj.exe\u{FFFD}b\u{FFFD}c\u{FFFD}d\u{FFFD}[31me\u{FFFD}f\u{FFFD}g")
  }

  @Test func lineBreaksAndTabsBecomeSpaces() {
    #expect(HTMLText.escape("a\nb\tc\r") == "a b c ")
  }

  @Test func ordinaryNonASCIITextIsKept() {
    #expect(HTMLText.escape("Марс 火星 é") == "Марс 火星 é")
  }

  @Test(arguments: [
    ("sol 1000/MAST/a b.jpg", "sol%201000/MAST/a%20b.jpg"),
    ("a#1.jpg", "a%231.jpg"),
    ("what?.png", "what%3F.png"),
    ("100%.png", "100%25.png"),
    ("ünï/火.jpg", "%C3%BCn%C3%AF/%E7%81%AB.jpg"),
    ("it's \"q\".jpg", "it%27s%20%22q%22.jpg"),
    ("../x/y_z-~.jpg", "../x/y_z-~.jpg"),
  ])
  func relativePathsArePercentEncodedPerSegment(path: String, expected: String) {
    #expect(HTMLText.urlPath(path) == expected)
  }

  @Test func fileNamedLikeAJavaScriptURLStaysARelativePath() {
    let href = HTMLText.urlPath("javascript:alert(1).jpg")
    #expect(href == "javascript%3Aalert%281%29.jpg")
    #expect(!href.contains(":"))
  }

  @Test(arguments: [
    ("https://mars.nasa.gov/a.jpg", true), ("HTTP://x/y", true), ("javascript:alert(1)", false),
    ("data:text/html,<script>", false), ("https://x/a b", false), ("https://x/\u{202E}", false), ("//x/y", false),
  ])
  func onlyPlainWebAddressesAreLinked(source: String, linked: Bool) {
    #expect((HTMLText.webLink(source) != nil) == linked)
  }

  @Test func anchorsKeepOnlySafeCharactersAndStayUnique() {
    #expect(HTMLText.anchor("NLF_0100-x") == "NLF_0100-x")
    #expect(HTMLText.anchor("a\"><b") == "a___b")
    var names = AnchorNames()
    #expect(names.unique("photo-1") == "photo-1")
    #expect(names.unique("photo-1") == "photo-1-2")
    #expect(names.unique("photo-1") == "photo-1-3")
  }
}
