import Foundation
import RoverTestSupport
import Testing

@Suite("MockRawFeeds, NASA's raw-image feeds")
struct MockRawFeedsTests {
  static let m2020 = "/rss/api/?feed=raw_images&category=mars2020&feedtype=json&ver=1.2"
  static let m2020Heli = "/rss/api/?feed=raw_images&category=mars2020,ingenuity&feedtype=json"
  static let msl = "/api/v1/raw_image_items/?condition_1=msl:mission"
  static let nasaOrder = "sol%20desc,instrument_sort%20asc,sample_type_sort%20asc,%20date_taken%20desc"
  let feeds: MockRawFeeds

  init() throws {
    feeds = try MockRawFeeds()
  }

  private func get(_ pathAndQuery: String) async throws -> HTTPResult {
    try await HTTPClient.get(feeds.url(pathAndQuery))
  }

  private func object(_ pathAndQuery: String) async throws -> [String: Any] {
    let result = try await get(pathAndQuery)
    #expect(result.status == 200)
    #expect(result.header("content-type") == "application/json; charset=utf-8")
    return try result.object()
  }

  private func imageList(_ pathAndQuery: String) async throws -> (envelope: [String: Any], images: [[String: Any]]) {
    let envelope = try await object(pathAndQuery)
    return (envelope, try #require(envelope["images"] as? [[String: Any]]))
  }

  private func itemList(_ pathAndQuery: String) async throws -> (envelope: [String: Any], items: [[String: Any]]) {
    let envelope = try await object(pathAndQuery)
    return (envelope, try #require(envelope["items"] as? [[String: Any]]))
  }

  /// GETs an absolute URL taken from a record.
  private func fetch(_ link: String?) async throws -> HTTPResult {
    let url = try #require(link.flatMap { URL(string: $0) })
    return try await HTTPClient.get(url)
  }

  /// A record's `sol`, whether sent as a number or a string.
  private func sol(_ record: [String: Any]) -> Int? {
    (record["sol"] as? String).flatMap { Int($0) } ?? record["sol"] as? Int
  }

  private func ids(_ records: [[String: Any]]) -> [String] {
    records.compactMap { $0["imageid"] as? String }
  }

  // MARK: - Data set

  @Test("the standard data set has the documented sols, counts, cycles and ids")
  func standardDataset() {
    defer { feeds.stop() }
    let sol100 = feeds.images(rover: "perseverance", sol: 100)
    #expect(sol100.count == 150)
    #expect(sol100.first?.id == "NLF_0100_0675828717_276ECM_N0040218NCAM00503_01_295J")
    #expect(sol100.first?.dateTakenUTC == "2021-06-01T14:14:37.984")
    #expect(sol100.prefix(4).map(\.instrument) == ["NAVCAM_LEFT", "NAVCAM_RIGHT", "MCZ_LEFT", "FRONT_HAZCAM_LEFT_A"])
    #expect(sol100.filter { $0.sampleType == "Thumbnail" }.count == 50)
    #expect(sol100.filter { $0.sampleType == "Full" }.count == 100)
    #expect(feeds.images(rover: "perseverance", sol: 100, includeThumbnails: false).count == 100)
    #expect(feeds.images(rover: "perseverance", sol: 100, instrument: "mcz_left").count == 37)
    #expect(Set(sol100.map(\.captureDate)) == ["2021-06-01", "2021-06-02"])
    #expect(sol100.filter { $0.captureDate == "2021-06-02" }.count == 10)
    #expect(!sol100.contains { $0.dateTakenUTC.hasSuffix("Z") })
    #expect(feeds.images(rover: "perseverance", sol: 101).count == 12)
    #expect(feeds.images(rover: "perseverance", sol: 102).isEmpty)
    #expect(feeds.images(rover: "perseverance", sol: 103).isEmpty)
    let heli = feeds.images(rover: "perseverance", sol: 103, includeIngenuity: true)
    #expect(heli.count == 5 && heli.allSatisfy { $0.instrument == "HELI_NAV" && $0.isIngenuity })
    #expect(feeds.latestSol(rover: "perseverance") == 103)
    #expect(feeds.total(rover: "Perseverance") == 167)

    let sol4600 = feeds.images(rover: "curiosity", sol: 4600)
    #expect(sol4600.count == 240)
    #expect(sol4600.filter(\.isThumbnail).count == 120)
    #expect(sol4600.filter { $0.sampleType == "subframe" }.count == 8)
    #expect(Set(sol4600.map(\.instrument)) == ["NAV_LEFT_B", "FHAZ_LEFT_B", "MAST_LEFT", "CHEMCAM_RMI", "MAHLI"])
    #expect(sol4600.allSatisfy { ($0.curiosityID ?? 0) > 1_400_000 && $0.dateTakenUTC.hasSuffix(".000Z") })
    #expect(sol4600.first?.id.hasPrefix("NLB_") == true)
    #expect(feeds.images(rover: "curiosity", sol: 4601).count == 3)
    #expect(feeds.images(rover: "curiosity", sol: 4605).count == 1)
    #expect(feeds.latestSol(rover: "curiosity") == 4605)
    #expect(feeds.total(rover: "curiosity") == 244)

    let all = ["perseverance", "curiosity"].flatMap { feeds.dataset.allImages(rover: $0) }
    #expect(Set(all.map(\.id)).count == all.count, "image ids are unique")
    #expect(Set(all.compactMap(\.curiosityID)).count == 244)
  }

  // MARK: - Perseverance

  @Test("latest=true is the summary object")
  func perseveranceLatest() async throws {
    defer { feeds.stop() }
    let result = try await get(Self.m2020 + "&latest=true")
    #expect(result.text.hasPrefix(#"{"latest":"2021-06-"#))
    let summary = try result.object()
    #expect(Set(summary.keys) == ["latest", "latest_sol", "latest_sols", "new_count", "sol_count", "total", "type"])
    #expect((summary["latest"] as? String)?.hasSuffix("Z") == true)
    #expect(summary["latest_sol"] as? Int == 103)
    #expect(summary["latest_sols"] as? [Int] == [103, 101])
    #expect(summary["new_count"] as? Int == 17)
    #expect(summary["sol_count"] as? Int == 3)
    #expect(summary["total"] as? Int == 167)
    #expect(summary["type"] as? String == "mars2020-latest-images-1.1")
  }

  @Test("a sol's first page: string per_page, numeric page, totals, and complete records")
  func perseveranceRecords() async throws {
    defer { feeds.stop() }
    let result = try await get(Self.m2020 + "&sol=100&num=100&page=0")
    #expect(result.text.contains(#""per_page":"100","total_results":150,"page":0,"mission":"mars2020","#))
    let envelope = try result.object()
    let records = try #require(envelope["images"] as? [[String: Any]])
    #expect(envelope["total_images"] as? Int == 167)
    #expect(ids(records) == feeds.images(rover: "perseverance", sol: 100).prefix(100).map(\.id))
    let first = try #require(records.first)
    #expect(
      Array(first.keys).sorted() == [
        "attitude", "camera", "caption", "credit", "date_received", "date_taken", "date_taken_mars",
        "date_taken_utc", "drive", "extended", "image_files", "imageid", "json_link", "link", "sample_type", "site",
        "sol", "title",
      ])
    #expect(first["date_taken"] is NSNull)
    #expect(first["date_taken_utc"] as? String == "2021-06-01T14:14:37.984")
    #expect(first["date_taken_mars"] as? String == "Sol-00100M15:26:09.623")
    #expect(first["site"] as? Int == 4)
    #expect(first["drive"] as? String == "218")
    #expect(first["sample_type"] as? String == "Full")
    #expect(first["title"] as? String == "Mars Perseverance Sol 100: Left Navigation Camera (Navcam)")
    #expect(
      (first["caption"] as? String)?.hasSuffix("on Jun. 1, 2021 (Sol 100) at the local mean solar time of 15:26:09.")
        == true)
    #expect(first["credit"] as? String == "NASA/JPL-Caltech")
    let camera = try #require(first["camera"] as? [String: String])
    #expect(
      Set(camera.keys) == [
        "instrument", "filter_name", "camera_vector", "camera_position", "camera_model_type",
        "camera_model_component_list",
      ])
    #expect(camera["instrument"] == "NAVCAM_LEFT")
    let extended = try #require(first["extended"] as? [String: String])
    #expect(Set(extended.keys) == ["mastAz", "mastEl", "sclk", "scaleFactor", "xyz", "subframeRect", "dimension"])
    #expect(extended["sclk"] == "675828717.752")
    #expect(extended["dimension"] == "(1280,960)")
    let base = feeds.baseURL.absoluteString
    let files = try #require(first["image_files"] as? [String: String])
    let id = "NLF_0100_0675828717_276ECM_N0040218NCAM00503_01_295J"
    #expect(files["small"] == "\(base)/images/m2020/100/\(id)_320.jpg")
    #expect(files["medium"] == "\(base)/images/m2020/100/\(id)_800.jpg")
    #expect(files["large"] == "\(base)/images/m2020/100/\(id)_1200.jpg")
    #expect(files["full_res"] == "\(base)/images/m2020/100/\(id).png")
    #expect(
      first["json_link"] as? String == "\(base)/rss/api/?feed=raw_images&category=mars2020&feedtype=json&id=\(id)")
    #expect(first["link"] as? String == "\(base)/mars2020/multimedia/raw-images/\(id)")

    // Lenient-decoding cases: every tenth record's sol is a string; hazcams report scaleFactor "UNK".
    #expect(records[9]["sol"] as? String == "100")
    #expect(records[10]["sol"] as? Int == 100)
    #expect(records.filter { $0["sol"] is String }.count == 10)
    #expect(records.allSatisfy { sol($0) == 100 })
    let hazcam = try #require(
      records.first { ($0["camera"] as? [String: String])?["instrument"] == "FRONT_HAZCAM_LEFT_A" })
    #expect((hazcam["extended"] as? [String: String])?["scaleFactor"] == "UNK")
    #expect(records.contains { $0["sample_type"] as? String == "Thumbnail" })
    let angles = records.compactMap { ($0["extended"] as? [String: String])?["mastAz"] }
    #expect(angles.count == 100 && angles.allSatisfy { Double($0) != nil && $0.count <= 8 }, "short decimal strings")
  }

  @Test("0-based pages concatenate to the sol, without overlap, with a short last page; page alternates types")
  func perseverancePaging() async throws {
    defer { feeds.stop() }
    var collected: [String] = []
    var pageCounts: [Int] = []
    for page in 0..<5 {
      let result = try await get(Self.m2020 + "&sol=100&num=40&page=\(page)")
      let envelope = try result.object()
      let records = try #require(envelope["images"] as? [[String: Any]])
      pageCounts.append(records.count)
      collected += ids(records)
      #expect(envelope["per_page"] as? String == "40")
      #expect(envelope["total_results"] as? Int == 150)
      if page % 2 == 0 {
        #expect(result.text.contains(#""page":\#(page),"#))
      } else {
        #expect(result.text.contains(#""page":"\#(page)","#))
        #expect(envelope["type"] as? String == "mars2020-raw-images-1.2")
      }
    }
    #expect(pageCounts == [40, 40, 40, 30, 0])
    #expect(collected == feeds.images(rover: "perseverance", sol: 100).map(\.id))
    #expect(Set(collected).count == 150)
  }

  @Test("num defaults to 100 and is capped at 100")
  func perseverancePageSize() async throws {
    defer { feeds.stop() }
    let plain = try await imageList(Self.m2020 + "&sol=100")
    #expect(plain.envelope["per_page"] as? String == "100")
    #expect(plain.images.count == 100)
    let large = try await imageList(Self.m2020 + "&sol=100&num=500&page=1")
    #expect(large.envelope["per_page"] as? String == "100")
    #expect(large.images.count == 50)
  }

  @Test("an empty sol gets fallback images from the latest sols, with a non-zero total")
  func perseveranceFallback() async throws {
    defer { feeds.stop() }
    let (envelope, records) = try await imageList(Self.m2020 + "&sol=102&num=100&page=0")
    #expect(records.count == 100)
    #expect(envelope["total_results"] as? Int == 162)
    #expect(records.allSatisfy { sol($0) != 102 })
    #expect(records.prefix(12).allSatisfy { sol($0) == 101 })
    #expect(records.dropFirst(12).allSatisfy { sol($0) == 100 })
    let second = try await imageList(Self.m2020 + "&sol=102&num=100&page=1")
    #expect(second.images.count == 62)
    // Sol 103 only has Ingenuity images: empty (so fallback) for mars2020, the real thing with ingenuity.
    let rover = try await imageList(Self.m2020 + "&sol=103")
    #expect(!rover.images.isEmpty && rover.images.allSatisfy { sol($0) != 103 })
    let heli = try await imageList(Self.m2020Heli + "&sol=103")
    #expect(heli.envelope["total_results"] as? Int == 5)
    #expect(ids(heli.images) == feeds.images(rover: "perseverance", sol: 103, includeIngenuity: true).map(\.id))
    #expect(heli.images.first?["title"] as? String == "Mars Helicopter Sol 103: Navigation Camera")
  }

  @Test("Ingenuity cameras appear only with category=mars2020,ingenuity")
  func perseveranceIngenuity() async throws {
    defer { feeds.stop() }
    let range = "&condition_2=100:sol:gte&condition_3=103:sol:lte"
    let rover = try await imageList(Self.m2020 + range + "&search=HELI_NAV%7CHELI_RTE")
    #expect(rover.images.isEmpty)
    #expect(rover.envelope["total_results"] as? Int == 0)
    let heli = try await imageList(Self.m2020Heli + range + "&search=HELI_NAV%7CHELI_RTE")
    #expect(heli.images.count == 5)
    let all = try await imageList(Self.m2020Heli + range)
    #expect(all.envelope["total_results"] as? Int == 167)
    let onlyHeli = try await imageList("/rss/api/?feed=raw_images&category=ingenuity&feedtype=json")
    #expect(onlyHeli.envelope["total_results"] as? Int == 5)
  }

  @Test("a sol range is newest first by default, oldest first with order=sol asc")
  func perseveranceRangeAndOrder() async throws {
    defer { feeds.stop() }
    let range = "&condition_2=100:sol:gte&condition_3=101:sol:lte"
    let descending = try await imageList(Self.m2020 + range)
    #expect(descending.envelope["total_results"] as? Int == 162)
    #expect(ids(Array(descending.images.prefix(12))) == feeds.images(rover: "perseverance", sol: 101).map(\.id))
    let ascending = try await imageList(Self.m2020 + range + "&order=sol%20asc")
    #expect(ids(ascending.images) == feeds.images(rover: "perseverance", sol: 100).prefix(100).map(\.id))
    let explicit = try await imageList(Self.m2020 + range + "&order=sol+desc")
    #expect(ids(explicit.images) == ids(descending.images))
  }

  @Test("search keeps the listed instruments")
  func perseveranceSearch() async throws {
    defer { feeds.stop() }
    let (envelope, records) = try await imageList(Self.m2020 + "&sol=100&search=NAVCAM_LEFT%7CMCZ_LEFT")
    let expected = feeds.images(rover: "perseverance", sol: 100).filter {
      $0.instrument == "NAVCAM_LEFT" || $0.instrument == "MCZ_LEFT"
    }
    #expect(envelope["total_results"] as? Int == expected.count)
    #expect(ids(records) == expected.map(\.id))
    let single = try await imageList(Self.m2020 + "&sol=101&search=FRONT_HAZCAM_LEFT_A")
    #expect(
      ids(single.images) == feeds.images(rover: "perseverance", sol: 101, instrument: "FRONT_HAZCAM_LEFT_A").map(\.id))
    // The sol has images, only none of this camera: an honest empty list, no fallback.
    let none = try await imageList(Self.m2020 + "&sol=101&search=SKYCAM")
    #expect(none.images.isEmpty)
    #expect(none.envelope["total_results"] as? Int == 0)
  }

  @Test("extended=sample_type::full or ::thumbnail filters by sample type")
  func perseveranceExtended() async throws {
    defer { feeds.stop() }
    let full = try await imageList(Self.m2020 + "&sol=100&extended=sample_type::full")
    #expect(full.envelope["total_results"] as? Int == 100)
    #expect(ids(full.images) == feeds.images(rover: "perseverance", sol: 100, includeThumbnails: false).map(\.id))
    #expect(full.images.allSatisfy { $0["sample_type"] as? String == "Full" })
    let thumbnails = try await imageList(Self.m2020 + "&sol=100&extended=sample_type::thumbnail")
    #expect(thumbnails.envelope["total_results"] as? Int == 50)
    #expect(thumbnails.images.allSatisfy { $0["sample_type"] as? String == "Thumbnail" })
  }

  @Test("id= returns the envelope with that record; json_link works; unknown ids give no records")
  func perseveranceID() async throws {
    defer { feeds.stop() }
    let records = try await imageList(Self.m2020 + "&sol=101").images
    let record = try #require(records.last)
    let link = try #require(record["json_link"] as? String)
    let linked = try await fetch(link)
    let single = try #require(try linked.object()["images"] as? [[String: Any]])
    #expect(ids(single) == ids([record]))
    let unknown = try await imageList(Self.m2020 + "&id=NLF_0000_0000000000_000ECM_N0000000NCAM00000_01_295J")
    #expect(unknown.images.isEmpty)
    #expect(unknown.envelope["total_results"] as? Int == 0)
  }

  @Test("without feed=raw_images and feedtype=json there is no JSON feed")
  func perseveranceRequiredParameters() async throws {
    defer { feeds.stop() }
    for query in ["/rss/api/?category=mars2020&feedtype=json", "/rss/api/?feed=raw_images&category=mars2020"] {
      let result = try await get(query)
      #expect(result.status == 404)
      #expect(result.header("content-type")?.hasPrefix("text/html") == true)
    }
    let noCategory = try await imageList("/rss/api/?feed=raw_images&feedtype=json&sol=100")
    #expect(noCategory.images.isEmpty)
  }

  // MARK: - Curiosity

  @Test("items: ints and bools in the envelope, 50 per page by default")
  func curiosityEnvelope() async throws {
    defer { feeds.stop() }
    let result = try await get(Self.msl + "&condition_2=4600:sol:in&page=0")
    #expect(result.text.hasSuffix(#"],"more":true,"total":240,"page":0,"per_page":50}"#))
    let items = try #require(try result.object()["items"] as? [[String: Any]])
    #expect(items.count == 50)
    #expect(
      items.compactMap { $0["id"] as? Int }
        == feeds.images(rover: "curiosity", sol: 4600).prefix(50).compactMap(\.curiosityID))
  }

  @Test("0-based pages concatenate to the sol, without overlap, with a short last page and more:false")
  func curiosityPaging() async throws {
    defer { feeds.stop() }
    var collected: [String] = []
    var counts: [Int] = []
    var more: [Bool] = []
    for page in 0..<4 {
      let (envelope, items) = try await itemList(Self.msl + "&condition_2=4600:sol:in&per_page=100&page=\(page)")
      #expect(envelope["total"] as? Int == 240)
      #expect(envelope["page"] as? Int == page)
      #expect(envelope["per_page"] as? Int == 100)
      counts.append(items.count)
      more.append(try #require(envelope["more"] as? Bool))
      collected += ids(items)
    }
    #expect(counts == [100, 100, 40, 0])
    #expect(more == [true, true, false, false])
    #expect(collected == feeds.images(rover: "curiosity", sol: 4600).map(\.id))
    #expect(Set(collected).count == 240)
    let capped = try await itemList(Self.msl + "&condition_2=4600:sol:in&per_page=5000")
    #expect(capped.envelope["per_page"] as? Int == 1000)
    #expect(capped.items.count == 240)
  }

  @Test("an item has every documented field, with nulls for MSSS cameras and lower-case sample types")
  func curiosityItem() async throws {
    defer { feeds.stop() }
    let result = try await get(Self.msl + "&condition_2=4600:sol:in&per_page=10")
    let items = try #require(try result.object()["items"] as? [[String: Any]])
    let navcam = items[0]
    #expect(
      Array(navcam.keys).sorted() == [
        "attitude", "camera_model_component_list", "camera_model_type", "camera_position", "camera_vector",
        "created_at", "date_received", "date_taken", "description", "drive", "extended", "https_url", "id",
        "image_credit", "imageid", "instrument", "instrument_sort", "is_thumbnail", "link", "mission",
        "sample_type_sort",
        "scale_factor", "site", "sol", "spacecraft_clock", "subframe_rect", "title", "updated_at", "url", "xyz",
      ])
    let image = try #require(feeds.images(rover: "curiosity", sol: 4600).first)
    let id = try #require(image.curiosityID)
    #expect(result.text.hasPrefix(#"{"items":[{"id":\#(id),"imageid":"\#(image.id)","sol":4600,"#))
    #expect(result.text.contains(#""spacecraft_clock":8"#))
    #expect((navcam["spacecraft_clock"] as? Double).map { $0 > 8e8 && $0 != $0.rounded() } == true)
    #expect(navcam["instrument"] as? String == "NAV_LEFT_B")
    #expect(navcam["mission"] as? String == "msl")
    #expect(navcam["site"] as? Int == 117)
    #expect(navcam["drive"] is Int)
    #expect(navcam["scale_factor"] as? Int == 1)
    #expect(navcam["instrument_sort"] as? Int == 6)
    #expect(navcam["sample_type_sort"] as? Int == 1)
    #expect(navcam["is_thumbnail"] as? Bool == false)
    #expect(navcam["date_taken"] as? String == image.dateTakenUTC)
    #expect((navcam["date_received"] as? String)?.hasSuffix("Z") == true)
    #expect(navcam["link"] as? String == "/raw_images/\(id)")
    #expect(navcam["title"] as? String == "Sol 4600: Left Navigation Camera")
    #expect(navcam["image_credit"] as? String == "NASA/JPL-Caltech")
    let url = feeds.imageURL(for: image).absoluteString
    #expect(url == "\(feeds.baseURL.absoluteString)/images/msl/4600/\(image.id).JPG")
    #expect(navcam["url"] as? String == url)
    #expect(navcam["https_url"] as? String == url)
    let extended = try #require(navcam["extended"] as? [String: Any])
    #expect(
      Set(extended.keys) == [
        "lmst", "bucket", "mast_az", "mast_el", "url_list", "contributor", "filter_name", "sample_type",
      ])
    #expect(extended["filter_name"] is NSNull)
    #expect(extended["sample_type"] as? String == "full")
    #expect((extended["lmst"] as? String)?.hasPrefix("Sol-04600M") == true)

    let thumbnail = items[1]
    #expect(thumbnail["is_thumbnail"] as? Bool == true)
    #expect(thumbnail["scale_factor"] as? Int == 8)
    #expect((thumbnail["extended"] as? [String: Any])?["sample_type"] as? String == "thumbnail")
    let mast = try #require(items.first { $0["instrument"] as? String == "MAST_LEFT" })
    for key in [
      "site", "drive", "spacecraft_clock", "scale_factor", "camera_vector", "camera_position", "camera_model_type",
      "camera_model_component_list", "attitude", "xyz",
    ] {
      #expect(mast[key] is NSNull, "\(key) is null for MSSS")
    }
    #expect(mast["image_credit"] as? String == "NASA/JPL-Caltech/MSSS")
    let all = try await itemList(Self.msl + "&condition_2=4600:sol:in&per_page=1000").items
    #expect(all.filter { ($0["extended"] as? [String: Any])?["sample_type"] as? String == "subframe" }.count == 8)
  }

  @Test("sol ranges, search and NASA's default order")
  func curiosityFilters() async throws {
    defer { feeds.stop() }
    let range = try await itemList(Self.msl + "&condition_2=4600:sol:gte&condition_3=4605:sol:lte&per_page=1000")
    #expect(range.envelope["total"] as? Int == 244)
    #expect(range.items.first?["sol"] as? Int == 4605, "newest sol first")
    let narrow = try await itemList(Self.msl + "&condition_2=4601:sol:gte&condition_3=4605:sol:lte")
    #expect(narrow.items.compactMap { $0["sol"] as? Int } == [4605, 4601, 4601, 4601])

    let search = try await itemList(Self.msl + "&condition_2=4600:sol:in&search=MAHLI%7CCHEMCAM_RMI&per_page=1000")
    #expect(Set(search.items.compactMap { $0["instrument"] as? String }) == ["MAHLI", "CHEMCAM_RMI"])
    #expect(search.envelope["total"] as? Int == 96)

    let ordered = try await itemList(Self.msl + "&condition_2=4600:sol:in&per_page=1000&order=" + Self.nasaOrder)
    let keys = ordered.items.map { item in
      [item["instrument_sort"] as? Int ?? -1, item["sample_type_sort"] as? Int ?? -1]
    }
    #expect(keys == keys.sorted { $0.lexicographicallyPrecedes($1) })
    #expect(ordered.items.first?["instrument"] as? String == "MAST_LEFT")
    let mastDates = ordered.items.prefix(22).compactMap { $0["date_taken"] as? String }
    #expect(mastDates == mastDates.sorted(by: >), "date_taken desc within a sort group")
  }

  @Test("an empty sol is an empty list (no fallback); other missions get nothing")
  func curiosityEmpty() async throws {
    defer { feeds.stop() }
    let empty = try await get(Self.msl + "&condition_2=4603:sol:in")
    #expect(empty.text == #"{"items":[],"more":false,"total":0,"page":0,"per_page":50}"#)
    for query in [
      "/api/v1/raw_image_items/?condition_1=mars2020:mission&condition_2=100:sol:in",
      "/api/v1/raw_image_items/?condition_2=4600:sol:in",
    ] {
      let (envelope, items) = try await itemList(query)
      #expect(items.isEmpty)
      #expect(envelope["total"] as? Int == 0)
    }
  }

  @Test("msl/latest is the success envelope with latest_data")
  func curiosityLatest() async throws {
    defer { feeds.stop() }
    let result = try await get(MockRawFeeds.curiosityLatestPath)
    #expect(result.text.hasPrefix(#"{"success":true,"latest_data":{"latest":"2025-"#))
    let data = try #require(try result.object()["latest_data"] as? [String: Any])
    #expect(data["latest_sol"] as? Int == 4605)
    #expect(data["latest_sols"] as? [Int] == [4605, 4601])
    #expect(data["new_count"] as? Int == 4)
    #expect(data["sol_count"] as? Int == 3)
    #expect(data["total"] as? Int == 244)
  }

  // MARK: - Images, 404s, faults

  @Test("image URLs from the records download as JPEG, or PNG for full_res")
  func imageDownloads() async throws {
    defer { feeds.stop() }
    let record = try #require(try await imageList(Self.m2020 + "&sol=100&num=1").images.first)
    let files = try #require(record["image_files"] as? [String: String])
    let large = try await fetch(files["large"])
    #expect(large.status == 200)
    #expect(large.header("content-type") == "image/jpeg")
    #expect(large.body.prefix(3) == Data([0xFF, 0xD8, 0xFF]))
    #expect(large.body.count == feeds.dataset.imageSize)
    let png = try await fetch(files["full_res"])
    #expect(png.header("content-type") == "image/png")
    #expect(png.body.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    #expect(png.body.suffix(8).prefix(4) == Data("IEND".utf8))
    let item = try #require(try await itemList(Self.msl + "&condition_2=4605:sol:in").items.first)
    let curiosity = try await fetch(item["https_url"] as? String)
    #expect(curiosity.header("content-type") == "image/jpeg")
    let sized = try await get("/images/msl/4605/x.JPG?size=100")
    #expect(sized.body.count == 100)
  }

  @Test("unknown routes are an HTML 404")
  func unknownRoutes() async throws {
    defer { feeds.stop() }
    for path in [
      "/", "/api/v1/rovers", "/api/v1/raw_image_items/mars2020/latest/", "/mars2020/multimedia/raw-images/x",
    ] {
      let result = try await get(path)
      #expect(result.status == 404)
      #expect(result.header("content-type") == "text/html; charset=utf-8")
      #expect(result.text.contains("Page Not Found"))
    }
  }

  @Test("faults are injected by path prefix and requests are counted")
  func faults() async throws {
    defer { feeds.stop() }
    feeds.inject(.serverError, times: 1, pathPrefix: MockRawFeeds.perseverancePath)
    feeds.inject(.html(), times: 1, pathPrefix: "/images/")
    #expect(feeds.pendingFaultCount == 2)
    #expect(try await get(Self.m2020 + "&latest=true").status == 500)
    #expect(try await get(Self.m2020 + "&latest=true").status == 200)
    let image = try await get("/images/m2020/100/x_1200.jpg")
    #expect(image.header("content-type") == "text/html; charset=utf-8")
    #expect(try await get(Self.msl + "&condition_2=4605:sol:in").status == 200)
    #expect(feeds.pendingFaultCount == 0)
    #expect(feeds.requestCount(pathPrefix: MockRawFeeds.perseverancePath) == 2)
    #expect(feeds.requestCount(pathPrefix: "/api/v1/raw_image_items") == 1)
    #expect(feeds.requests.count == 4)
    #expect(feeds.requests.first?.query("category") == "mars2020")
  }
}
