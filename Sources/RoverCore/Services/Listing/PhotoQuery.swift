/// Which photos to list: one rover, one way of choosing the day, an optional camera, all pages or one.
public struct PhotoQuery: Hashable, Sendable {
  public var rover: String
  public var selection: PhotoSelection
  public var camera: String?
  public var paging: Paging

  public init(rover: String, selection: PhotoSelection, camera: String? = nil, paging: Paging = .all) {
    self.rover = rover
    self.selection = selection
    self.camera = camera
    self.paging = paging
  }
}

/// The day a photo query is about; the services take exactly one of these.
public enum PhotoSelection: Hashable, Sendable {
  case sol(Int)
  case earthDate(CalendarDate)
  case latest
}

/// `all` fetches every page and merges them; `page` asks for exactly one, as the user numbered it (from 1).
public enum Paging: Hashable, Sendable {
  case all
  case page(Int, perPage: Int?)
}
