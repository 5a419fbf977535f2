/// Looks up several photos by id at once, in the order given.
public enum PhotoLookup {
  public static func photos(ids: [PhotoID], from service: any PhotoService, width: Int = 8) async throws -> [Photo] {
    try await withThrowingTaskGroup(of: (Int, Photo).self) { group in
      var results = [Photo?](repeating: nil, count: ids.count)
      var next = 0
      func start() {
        guard next < ids.count else { return }
        let index = next
        next += 1
        group.addTask { (index, try await service.photo(id: ids[index])) }
      }
      for _ in 0..<width { start() }
      while let (index, photo) = try await group.next() {
        results[index] = photo
        start()
      }
      return results.compactMap { $0 }
    }
  }
}
