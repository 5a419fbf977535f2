import Foundation

extension RawFeedClient {
  /// `photo ID` by the id's shape: the `/rss/api/` feed looks one image up (`&id=`, each record's `json_link`)
  /// under Perseverance's category or, for `HNM_`/`HSF_` ids, Ingenuity's (7.3); `raw_image_items` has no such
  /// lookup, so an InSight id is found by listing the sol written in it (7.4).
  package func photo(id: PhotoID) async throws -> Photo {
    let text = id.description
    if let sol = InSightFeed.sol(fromImageID: text) {
      let photos = try await everySample(.insight, sol: sol, camera: nil)
      guard let photo = photos.first(where: { $0.id.description == text }) else {
        throw ServiceError.photoNotFound(id: text)
      }
      return photo
    }
    let rover: FeedRover = IngenuityFeed.isImageID(text) ? .ingenuity : .perseverance
    let url = PerseveranceFeed.url(
      base: configuration.baseURL, category: rover.category ?? "mars2020",
      extra: [URLQueryItem(name: "id", value: text)])
    let page: PerseveranceFeed.Page = try await get(url, what: "photo \(id)") { _ in RawFeedFreshness.photo }
    guard let image = page.images.first(where: { $0.id == text }) else {
      throw ServiceError.photoNotFound(id: text)
    }
    return photo(image, rover: rover)
  }
}
