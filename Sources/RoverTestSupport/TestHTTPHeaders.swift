import Foundation

/// An ordered list of header fields with case-insensitive lookup.
///
/// A dictionary would lose the order and forbid repeated names, and tests sometimes need both (two `Set-Cookie`
/// lines, a lying `Content-Length` placed first). Dictionary-literal syntax keeps call sites short:
/// `["Retry-After": "2", "Content-Type": "text/plain"]` keeps that order.
public struct TestHTTPHeaders: Sendable, Equatable, ExpressibleByDictionaryLiteral, Sequence {
  /// One header line.
  public struct Field: Sendable, Equatable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
      self.name = name
      self.value = value
    }

    func hasName(_ other: String) -> Bool {
      name.caseInsensitiveCompare(other) == .orderedSame
    }
  }

  public private(set) var fields: [Field]

  public init(_ fields: [(String, String)] = []) {
    self.fields = fields.map { Field(name: $0.0, value: $0.1) }
  }

  public init(dictionaryLiteral elements: (String, String)...) {
    self.init(elements)
  }

  /// The first value for `name`, compared case-insensitively.
  public subscript(name: String) -> String? {
    fields.first { $0.hasName(name) }?.value
  }

  public func contains(_ name: String) -> Bool {
    self[name] != nil
  }

  /// Appends a line, keeping any earlier one with the same name.
  public mutating func add(_ name: String, _ value: String) {
    fields.append(Field(name: name, value: value))
  }

  /// Replaces every line named `name` with one line, at the position of the first, or at the end.
  public mutating func set(_ name: String, _ value: String) {
    guard let first = fields.firstIndex(where: { $0.hasName(name) }) else {
      add(name, value)
      return
    }
    var kept: [Field] = []
    for (index, field) in fields.enumerated() {
      if index == first {
        kept.append(Field(name: name, value: value))
      } else if !field.hasName(name) {
        kept.append(field)
      }
    }
    fields = kept
  }

  public mutating func remove(_ name: String) {
    fields.removeAll { $0.hasName(name) }
  }

  public var isEmpty: Bool { fields.isEmpty }

  public func makeIterator() -> IndexingIterator<[Field]> {
    fields.makeIterator()
  }
}
