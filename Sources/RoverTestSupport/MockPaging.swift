/// The two services' paging rules, kept side by side because their differences are what clients get wrong.
enum MockPaging {
  /// Kaminari as the original uses it: nothing without `page`; with it 25 per page, `per_page` unbounded, page
  /// junk or below 1 read as 1, `per_page` of 0 empty, `per_page` junk or negative read as the default.
  static func original(_ photos: [MockPhoto], page pageText: String?, perPage perPageText: String?) -> [MockPhoto] {
    guard let pageText else { return photos }
    let page = max(1, rubyInteger(pageText))
    var perPage = 25
    if let perPageText, perPageText.first?.isASCII == true, perPageText.first?.isNumber == true {
      perPage = rubyInteger(perPageText)
    }
    return slice(photos, page: page, perPage: perPage)
  }

  /// Mars Vista: always paged, page defaults to 1, per_page to 25 and is clamped to 1...100.
  static func marsVista(
    _ photos: [MockPhoto], page pageText: String?, perPage perPageText: String?
  ) -> (photos: [MockPhoto], page: Int, perPage: Int, totalPages: Int) {
    let page = max(1, pageText.flatMap { Int($0) } ?? 1)
    let perPage = min(100, max(1, perPageText.flatMap { Int($0) } ?? 25))
    let totalPages = (photos.count + perPage - 1) / perPage
    return (slice(photos, page: page, perPage: perPage), page, perPage, totalPages)
  }

  /// Ruby's `String#to_i`: optional leading whitespace and sign, then as many digits as there are; otherwise 0.
  static func rubyInteger(_ text: String) -> Int {
    var characters = Substring(text).drop { $0 == " " || $0 == "\t" || $0 == "\n" }
    var sign = 1
    if let first = characters.first, first == "-" || first == "+" {
      sign = first == "-" ? -1 : 1
      characters = characters.dropFirst()
    }
    var value = 0
    for character in characters {
      guard character.isASCII, let digit = character.wholeNumberValue else { break }
      let (shifted, overflowA) = value.multipliedReportingOverflow(by: 10)
      let (added, overflowB) = shifted.addingReportingOverflow(digit)
      if overflowA || overflowB { return sign * Int.max }
      value = added
    }
    return sign * value
  }

  private static func slice(_ photos: [MockPhoto], page: Int, perPage: Int) -> [MockPhoto] {
    guard perPage > 0 else { return [] }
    let (start, overflow) = (page - 1).multipliedReportingOverflow(by: perPage)
    guard !overflow, start < photos.count else { return [] }
    return Array(photos[start..<min(photos.count, start + perPage)])
  }
}
