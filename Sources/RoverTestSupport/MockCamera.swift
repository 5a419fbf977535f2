/// A camera as the services' database holds it: an id, the upper-case name clients filter by, and the full name.
public struct MockCamera: Sendable, Equatable, Hashable {
  public var id: Int
  public var name: String
  public var fullName: String

  public init(id: Int, name: String, fullName: String) {
    self.id = id
    self.name = name
    self.fullName = fullName
  }
}
