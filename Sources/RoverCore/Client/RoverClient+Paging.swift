import Foundation

extension RoverClient {
  /// Pages the same way on every service: the largest `per_page`, stop on a short page or at `total_pages`, and
  /// fetch the remaining pages concurrently once their number is known.
  func allPages(_ query: PhotoQuery) async throws -> [Photo] {
    let requested = configuration.maxPerPage
    let first = try await page(query, number: 1, perPage: requested)
    guard !first.photos.isEmpty else { return [] }
    // A service may clamp per_page (Mars Vista: 100), so its own figure is what a "full" page means.
    let perPage = first.pagination?.perPage ?? requested
    var pages: [[Photo]] = [first.photos]
    if let pagination = first.pagination {
      if pagination.totalPages > 1 {
        pages += try await concurrentPages(query, numbers: 2...pagination.totalPages, perPage: perPage)
      }
      return Array(pages.joined()).uniqued()
    }
    guard first.photos.count >= perPage else { return first.photos.uniqued() }
    var next = 2
    if let count = await expectedCount(query), count > perPage {
      let lastPage = (count + perPage - 1) / perPage
      pages += try await concurrentPages(query, numbers: 2...lastPage, perPage: perPage)
      next = lastPage + 1
    }
    // Without a count, or if the manifest was stale, walk on until a short page.
    while let last = pages.last, last.count >= perPage {
      pages.append(try await page(query, number: next, perPage: perPage).photos)
      next += 1
    }
    return Array(pages.joined()).uniqued()
  }

  /// The photo count the manifest gives for the query's sol; only exact without a camera filter.
  private func expectedCount(_ query: PhotoQuery) async -> Int? {
    guard query.camera == nil, let manifest = try? await manifest(rover: query.rover) else { return nil }
    let entry: SolDescription?
    switch query.selection {
    case .sol(let sol): entry = manifest.sols.first { $0.sol == sol }
    case .latest: entry = manifest.sols.last
    case .earthDate(let date): return manifest.sols.filter { $0.earthDate == date }.map(\.totalPhotos).reduce(0, +)
    }
    return entry?.totalPhotos
  }

  private func concurrentPages(_ query: PhotoQuery, numbers: ClosedRange<Int>, perPage: Int) async throws
    -> [[Photo]]
  {
    let width = min(4, max(1, configuration.maxConnections))
    return try await withThrowingTaskGroup(of: (Int, [Photo]).self) { group in
      var results: [Int: [Photo]] = [:]
      var pending = numbers.makeIterator()
      for _ in 0..<width {
        guard let number = pending.next() else { break }
        group.addTask { (number, try await page(query, number: number, perPage: perPage).photos) }
      }
      while let (number, photos) = try await group.next() {
        results[number] = photos
        events?(.progress(done: results.count + 1, total: numbers.count + 1))
        if let number = pending.next() {
          group.addTask { (number, try await page(query, number: number, perPage: perPage).photos) }
        }
      }
      return numbers.map { results[$0] ?? [] }
    }
  }
}
