/// Which photos to list: one rover, one way of choosing the day, an optional camera, all pages or one.
package struct PhotoQuery: Hashable, Sendable {
  /// The rover's name, any case (`curiosity`, `Perseverance`).
  package var rover: String
  /// Which day: a sol, an Earth date or the latest sol.
  package var selection: PhotoSelection
  /// One camera (`FHAZ`) or a rover's camera group (Perseverance's `NAVCAM`, which is its members); nil: every
  /// camera.
  package var camera: String?
  /// Every page merged (the default), or exactly one.
  package var paging: Paging

  /// A query from its parts; by default every camera and every page.
  package init(rover: String, selection: PhotoSelection, camera: String? = nil, paging: Paging = .all) {
    self.rover = rover
    self.selection = selection
    self.camera = camera
    self.paging = paging
  }
}

/// The day a photo query is about; the services take exactly one of these.
package enum PhotoSelection: Hashable, Sendable {
  /// One mission day: from 0 at landing (from 1 for Spirit and Opportunity).
  case sol(Int)
  /// One UTC day; each service dates photos its own way (see ``Photo/earthDate``).
  case earthDate(CalendarDate)
  /// The newest sol the service has photos for.
  case latest
}

/// `all` fetches every page and merges them; `page` asks for exactly one, as the user numbered it (from 1).
package enum Paging: Hashable, Sendable {
  /// Every page, fetched a few at a time and merged, each photo once.
  case all
  /// Page number `n` (from 1) of `perPage` photos; nil `perPage`: the service's own page size (25 on the
  /// Photos API).
  case page(Int, perPage: Int?)
}
