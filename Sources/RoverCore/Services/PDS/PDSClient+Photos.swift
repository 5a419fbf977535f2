import Foundation

extension PDSClient {
  package func photos(_ query: PhotoQuery) async throws -> [Photo] {
    let rover = try pdsRover(query.rover)
    guard let (filters, what) = try await selection(query, rover: rover) else { return [] }
    switch query.paging {
    case .page(let number, let perPage):
      let rows = max(1, perPage ?? configuration.maxPerPage)
      return try await page(filters, rover: rover, start: max(0, number - 1) * rows, rows: rows, what: what).items
    case .all:
      return try await pager(filters, rover: rover, what: what).all().uniqued()
    }
  }

  package func forEachWindow(_ query: PhotoQuery, _ body: ([Photo]) async throws -> Void) async throws {
    guard case .all = query.paging else { return try await body(photos(query)) }
    let rover = try pdsRover(query.rover)
    guard let (filters, what) = try await selection(query, rover: rover) else { return }
    try await pager(filters, rover: rover, what: what).forEachWindow(window: Pager.windowBytes, body)
  }

  private func pager(_ filters: [String], rover: PDSRover, what: String) -> Pager {
    let rows = max(1, configuration.maxPerPage)
    return Pager(
      firstPage: 0, pageSize: rows, width: min(4, max(1, configuration.maxConnections)), what: what,
      // By offset, in the page size the pager found: a server capping `rows` below what was asked still has
      // every record read, where `number × rows` would skip past the rest of each page.
      fetch: { number, size in
        try await self.page(filters, rover: rover, start: number * size, rows: rows, what: what)
      },
      onProgress: progressHandler(events), onWarning: warningHandler(events))
  }

  /// The filters of a query and its description for messages; nil for the latest sol of a rover with no photos.
  private func selection(_ query: PhotoQuery, rover: PDSRover) async throws -> (filters: [String], what: String)? {
    var filters = PDSSearch.products(of: rover, camera: try cameraLetter(query.camera, rover: rover))
    var what = "\(rover.rawValue) photos"
    switch query.selection {
    case .sol(let sol):
      filters.append(PDSSearch.sol(sol))
      what += " of sol \(sol)"
    case .earthDate(let date):
      // Capture times are real (UTC): no sol arithmetic, unlike the API copies.
      filters.append(PDSSearch.day(date))
      what += " of \(date)"
    case .latest:
      guard let sol = try await newest(rover).sol else { return nil }
      filters.append(PDSSearch.sol(sol))
      what += " of sol \(sol)"
    }
    if let camera = query.camera { what += " from \(camera)" }
    return (filters, what)
  }

  /// A product id (`1N137056144ILF2002P1825R0M1`), any case, any MER product type.
  package func photo(id: PhotoID) async throws -> Photo {
    let text = id.description.uppercased()
    // Letters and digits only: anything else is not a product id and must not reach Solr's query syntax.
    guard !text.isEmpty, text.unicodeScalars.allSatisfy({ $0.isASCII && CharacterSet.alphanumerics.contains($0) })
    else { throw ServiceError.photoNotFound(id: id.description) }
    let answer = try await search(
      PDSSearch(filters: [PDSSearch.mission, PDSSearch.product(text)], rows: 1), what: "photo \(text)")
    guard let document = answer.docs.first, let digit = document.fileName.first, let rover = PDSRover(digit: digit)
    else { throw ServiceError.photoNotFound(id: id.description) }
    return photo(document, rover: rover)
  }

  /// One Solr page (`start` is 0-based, in products) as photos, with `numFound` as the listing's total.
  func page(_ filters: [String], rover: PDSRover, start: Int, rows: Int, what: String) async throws -> Pager.Page {
    let search = PDSSearch(filters: filters, rows: rows, start: start, sort: PDSSearch.byTime)
    let answer = try await self.search(search, what: what + " (from product \(start))")
    if answer.rawCount > answer.docs.count {
      events?(
        .warning(
          .unreadableDocuments(
            what: "\(what) (from product \(start))", count: answer.rawCount - answer.docs.count,
            total: answer.rawCount)))
    }
    return Pager.Page(
      items: answer.docs.map { photo($0, rover: rover) }, rawCount: answer.rawCount, totalCount: answer.numFound)
  }

  func cameraLetter(_ camera: String?, rover: PDSRover) throws -> Character? {
    guard let camera else { return nil }
    guard let entry = PDSCameras.entry(named: camera) else {
      throw ServiceError.unknownCamera(rover: rover.rawValue, camera: camera, known: PDSCameras.names)
    }
    return entry.letter
  }

  /// The browse JPEG (1024 px) as the image, the capture date in UTC as `earth_date`, the capture time as
  /// `date_taken`.
  func photo(_ document: PDSDocument, rover: PDSRover) -> Photo {
    let browse =
      document.browseURL.map(PDSBrowseURL.fullSize)
      ?? PDSBrowseURL.derived(fileName: document.fileName, sol: document.sol) ?? ""
    if options.sizeRequested, options.size == .full, saidSize.isFirst() {
      events?(.warning(.imageSizeCapped(service: ServicePreset.pds.rawValue, pixels: 1024)))
    }
    let source = options.size == .small ? (document.browseURL ?? browse) : browse
    let date =
      document.startTime.flatMap(CalendarDate.init(lenient:))
      ?? MarsCalendar.earthDate(rover: rover.rawValue, sol: document.sol) ?? CalendarDate(daysSinceEpoch: 0)
    // The Atlas search as used gives the capture time and the name only (api-reference 8.5): no Mars time, clock
    // or pointing; site, drive, eye and sequence come from the name.
    var metadata = FrameMetadata()
    metadata.takenUTC = FeedValue.utc(document.startTime)
    metadata.dateTaken = document.startTime
    return Photo(
      id: .text(document.productID), sol: document.sol, camera: PDSCameras.camera(fileName: document.fileName),
      imageSource: source, earthDate: date, rover: rover.summary,
      metadata: metadata)
  }
}
