import Testing

@testable import RoverCore

@Suite struct RedactorTests {
  @Test func hidesKnownSecretsEverywhere() {
    let redactor = Redactor(secrets: ["mv_live_abcdef", nil])
    #expect(redactor.redact("key mv_live_abcdef refused") == "key REDACTED refused")
  }

  @Test func hidesAnyApiKeyParameter() {
    let redactor = Redactor(secrets: [])
    #expect(redactor.redact("https://h/x?sol=1&api_key=ZZZ&camera=a") == "https://h/x?sol=1&api_key=REDACTED&camera=a")
    #expect(redactor.redact("https://h/x?api_key=ZZZ") == "https://h/x?api_key=REDACTED")
  }

  @Test func hidesPercentEncodedForm() {
    let redactor = Redactor(secrets: ["a b+c"])
    #expect(!redactor.redact("u?k=a%20b+c").contains("a%20b"))
  }
}
