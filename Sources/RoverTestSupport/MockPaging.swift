/// The two services' paging rules, kept side by side because their differences are what clients get wrong.
enum MockPaging {
  /// Kaminari as the original uses it: nothing without `page`; with it 25 per page unless `per_page` says
  /// otherwise (unbounded), a page below 1 read as 1.
  static func original(_ photos: [MockPhoto], page pageText: String?, perPage perPageText: String?) -> [MockPhoto] {
    guard let pageText else { return photos }
    return slice(photos, page: max(1, Int(pageText) ?? 1), perPage: perPageText.flatMap { Int($0) } ?? 25)
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

  private static func slice(_ photos: [MockPhoto], page: Int, perPage: Int) -> [MockPhoto] {
    guard perPage > 0 else { return [] }
    let (start, overflow) = (page - 1).multipliedReportingOverflow(by: perPage)
    guard !overflow, start < photos.count else { return [] }
    return Array(photos[start..<min(photos.count, start + perPage)])
  }
}
