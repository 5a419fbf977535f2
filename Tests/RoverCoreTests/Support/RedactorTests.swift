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

  /// A password in a URL is hidden wherever the URL is shown, with or without a key beside it.
  @Test func passwordsInURLsAreHidden() {
    #expect(
      Redactor.redactKeyParameters("GET http://u:pw@127.0.0.1:9/api/v1/rovers?api_key=K failed")
        == "GET http://u:REDACTED@127.0.0.1:9/api/v1/rovers?api_key=REDACTED failed")
    #expect(Redactor.redactKeyParameters("https://user@host/x") == "https://user@host/x")
    #expect(
      Redactor.redactKeyParameters("a http://a:b@h b https://c:d@i/") == "a http://a:REDACTED@h b https://c:REDACTED@i/"
    )
  }
}
