/// The one paging loop, for every service: first page alone, then the pages whose number is known at once
/// (bounded), then on while pages come back full, because a count may be stale or missing.
struct Pager<Item: Sendable>: Sendable {
  struct Page: Sendable {
    var items: [Item]
    /// Records on the page before any filtering: what tells a full page from a short one.
    var rawCount: Int
    /// The service's own page size when it reports one (Mars Vista clamps `per_page` to 100).
    var pageSize: Int?
    /// The last page's number, when the service states it exactly: then nothing past it is asked for.
    var lastPage: Int?
    /// How many records the whole listing has, when the service gives a count that may be stale.
    var totalCount: Int?
  }

  /// The first page's number: 1 on the API copies, 0 on the raw feeds.
  var firstPage: Int
  var pageSize: Int
  var width = 4
  var fetch: @Sendable (Int) async throws -> Page
  var onProgress: (@Sendable (_ done: Int, _ total: Int) -> Void)?

  /// Every page's items in page order; `estimatedCount` is asked only when the first page is full and says
  /// nothing of the total (the API copies' manifests know each sol's count).
  func all(estimatedCount: () async -> Int? = { nil }) async throws -> [Item] {
    let first = try await fetch(firstPage)
    guard first.rawCount > 0 else { return [] }
    let size = first.pageSize ?? pageSize
    var pages = [first.items]
    var next = firstPage + 1
    var last = first.lastPage
    if last == nil, first.rawCount >= size {
      var count = first.totalCount
      if count == nil { count = await estimatedCount() }
      if let count { last = firstPage + (count + size - 1) / size - 1 }
    }
    var lastCount = first.rawCount
    if let last, last >= next {
      let more = try await concurrently(next...last)
      pages += more.map(\.items)
      lastCount = more.last?.rawCount ?? 0
      next = last + 1
    }
    if first.lastPage == nil {
      while lastCount >= size {
        let page = try await fetch(next)
        pages.append(page.items)
        lastCount = page.rawCount
        next += 1
      }
    }
    return Array(pages.joined())
  }

  private func concurrently(_ numbers: ClosedRange<Int>) async throws -> [Page] {
    var done = 1
    let total = numbers.count + 1
    var pages: [Int: Page] = [:]
    try await BoundedConcurrency.run(numbers, width: width, { number in (number, try await fetch(number)) }) {
      pages[$0.0] = $0.1
      done += 1
      onProgress?(done, total)
      return true
    }
    return numbers.map { pages[$0] ?? Page(items: [], rawCount: 0) }
  }
}
