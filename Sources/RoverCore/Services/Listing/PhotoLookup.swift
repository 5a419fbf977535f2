/// Looks up several photos by id at once, in the order given.
package enum PhotoLookup {
  package static func photos(ids: [PhotoID], from service: any PhotoService, width: Int = 8) async throws -> [Photo] {
    try await BoundedConcurrency.map(ids, width: width) { try await service.photo(id: $0) }
  }
}
