/// What the `rover` command needs of a client beyond the public API, `package` so it never becomes a promise to
/// adopters: listing batch by batch with an account of what went missing, download sources, positions. Through
/// these the command lists with the very client a library user makes, and builds no service or listing itself.
extension PhotoClient {
  /// What a listing could not deliver: sols listed short of the service's count, ids not found, older versions
  /// left out, and how many photos were listed.
  package typealias ListingOutcome = PhotoListing.Outcome

  /// Whether a single sol's listing is checked against the service's own count (one more request, usually
  /// answered from the cache), as a range's always is: for `--strict`.
  package var checksCounts: Bool {
    get { listing.checksCounts }
    set { listing.checksCounts = newValue }
  }

  /// Every batch of `request` in order (one sol, or one page), through this client's filter; the outcome says
  /// what could not be listed. The batches ``PhotoStream`` delivers photo by photo.
  /// - Throws: what the service throws, and what `body` throws.
  package func forEachBatch(_ request: PhotoRequest, _ body: ([Photo]) async throws -> Void) async throws
    -> ListingOutcome
  {
    try await listing.forEachBatch(request.plan, body)
  }

  /// A download's photos: this client's listing of `request`.
  package func source(_ request: PhotoRequest) -> PhotoSource { .listing(request.plan, listing) }

  /// A download's photos: `ids`, looked up through this client in the order given.
  package func source(ids: [PhotoID]) -> PhotoSource { .listing(.ids(ids), listing) }

  /// A download's photos: what was piped in, ids in it looked up through this client.
  package func source(reading input: PhotoInput) -> PhotoSource { .input(input, lookup: listing) }

  /// Positions for one run's photos, looked up through this client's settings and events, within `area` when one
  /// is given (`--near`).
  package func placement(area: PhotoArea? = nil) -> PhotoPlacement {
    PhotoPlacement(locator: PhotoLocator(settings: settings, events: listing.events), area: area)
  }
}
