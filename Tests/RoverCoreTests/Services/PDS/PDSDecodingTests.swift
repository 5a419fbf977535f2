import Foundation
import Testing

@testable import RoverCore

/// The Atlas's Solr answers from the reconstructed fixtures (api-reference 7.1): documents, lenient scalars,
/// facets and Solr's error body.
@Suite struct PDSDecodingTests {
  let client = PDSClient(configuration: ServiceConfiguration(preset: .pds, engine: .testing))

  @Test func theReferenceDocumentBecomesAPhoto() throws {
    let answer = try FixtureLoader.decode(PDSSearchResponse.self, "pds-search-opportunity-sol100")
    #expect(answer.numFound == 40 && answer.start == 0 && answer.rawCount == 1)
    let document = try #require(answer.docs.first)
    let photo = client.photo(document, rover: .opportunity)
    #expect(photo.id == .text("1N137056144ILF2002P1825R0M1"))
    #expect(photo.sol == 100)
    #expect(photo.camera == Camera(name: "NAVCAM", fullName: "Navigation Camera"))
    #expect(photo.earthDate.description == "2004-05-05")
    #expect(photo.metadata.dateTaken == "2004-05-05T19:08:30Z")
    #expect(
      photo.imageSource
        == "https://pds-imaging.jpl.nasa.gov/data/mer/mer1no_0xxx/browse/sol0100/rdr/1n137056144ilf2002p1825r0m1.img.jpg"
    )
    #expect(photo.rover.name == "Opportunity" && photo.rover.status == .complete)
    #expect(answer.solCounts.isEmpty)
    // Metadata: the capture time, and what the name says; null for what the Atlas does not give.
    #expect(photo.metadata.takenUTC == "2004-05-05T19:08:30Z")
    #expect(photo.metadata.lmst == nil && photo.metadata.ltst == nil && photo.metadata.sclk == nil)
    #expect(photo.metadata.site == nil && photo.metadata.mastAzimuth == nil && photo.metadata.cameraModel == nil)
    let frame = try #require(photo.frame)
    #expect(frame.eye == .right)
    #expect(frame.site == 20 && frame.drive == 2)
    #expect(frame.sequence?.uppercased() == "P1825")
  }

  @Test func everyScalarMayBeAOneElementArray() throws {
    let answer = try FixtureLoader.decode(PDSSearchResponse.self, "pds-search-arrays")
    #expect(answer.numFound == 2 && answer.start == 0)
    // The third document has no sol: skipped, yet counted, so the pager still sees a full page.
    #expect(answer.docs.count == 2 && answer.rawCount == 3)
    let first = client.photo(answer.docs[0], rover: .opportunity)
    #expect(first.id == .text("1N137056144ILF2002P1825R0M1") && first.sol == 100)
    #expect(first.earthDate.description == "2004-05-05")
    #expect(first.imageSource.contains("/browse/sol0100/rdr/1n137056144ilf2002p1825r0m1.img.jpg"))
    let second = client.photo(answer.docs[1], rover: .opportunity)
    #expect(second.id == .text("1N137056175ILF2002P1825R0M1") && second.sol == 100)
    #expect(second.earthDate.description == "2004-05-05")
    #expect(
      second.imageSource
        == "https://pds-imaging.jpl.nasa.gov/data/mer/mer1no_0xxx/browse/sol0100/rdr/1n137056175ilf2002p1825r0m1.img.jpg"
    )
  }

  @Test func facetsGiveEachSolsCount() throws {
    let answer = try FixtureLoader.decode(PDSSearchResponse.self, "pds-facets-opportunity")
    #expect(answer.solCounts == [1: 7, 2: 8, 3: 12, 100: 13])
    #expect(answer.solCounts.values.reduce(0, +) == answer.numFound)
    #expect(answer.docs.isEmpty)
  }

  @Test func facetsAsAMapToo() throws {
    let body =
      #"{"response":{"numFound":3,"docs":[]},"facet_counts":{"facet_fields":{"PLANET_DAY_NUMBER":{"5":2,"6":1}}}}"#
    let answer = try JSONDecoder().decode(PDSSearchResponse.self, from: Data(body.utf8))
    #expect(answer.solCounts == [5: 2, 6: 1])
  }

  @Test func anEmptySolIsAnEmptyPage() throws {
    let answer = try FixtureLoader.decode(PDSSearchResponse.self, "pds-search-empty")
    #expect(answer.numFound == 0 && answer.docs.isEmpty && answer.rawCount == 0)
  }

  @Test func solrsErrorBodyGivesItsMessage() throws {
    let url = try #require(URL(string: "https://pds-imaging.jpl.nasa.gov/solr/pds_archives/search?q=x"))
    let response = HTTPResponse(
      url: url, status: 400, headers: ["content-type": "application/json"],
      body: try FixtureLoader.data("pds-error-400"))
    guard case .fail(let error) = PDSClassifier(redactor: Redactor(secrets: [])).verdict(response) else {
      Issue.record("a 400 must fail")
      return
    }
    #expect(
      error as? ServiceError
        == .unexpectedStatus(status: 400, url: url.absoluteString, message: "Invalid Number: abc"))
  }

  /// A number past Int's range, written as a float, is no number: converting it would trap.
  @Test(arguments: ["1e300", "-1e300", "9.3e18", "inf", "nan"])
  func hugeFloatsAreNoSol(text: String) {
    let scalar = try? JSONDecoder().decode(PDSDocument.Scalar.self, from: Data("\"\(text)\"".utf8))
    #expect(scalar?.text == text)
    #expect(scalar?.number == nil)
  }
}
