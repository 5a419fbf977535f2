import Foundation
import Testing

@testable import RoverCore

@Suite struct RetryPolicyTests {
  @Test func exponentialWithJitterWithinBounds() {
    let policy = RetryPolicy(maxRetries: 3, baseDelay: 1, maxDelay: 30)
    #expect(policy.delay(beforeRetry: 1, retryAfter: nil, random: { $0.upperBound }) == 1)
    #expect(policy.delay(beforeRetry: 2, retryAfter: nil, random: { $0.upperBound }) == 2)
    #expect(policy.delay(beforeRetry: 3, retryAfter: nil, random: { $0.lowerBound }) == 2)
    #expect(policy.delay(beforeRetry: 4, retryAfter: nil) == nil)
  }

  @Test func retryAfterWinsUnlessTooLong() {
    let policy = RetryPolicy(maxRetries: 3, maxRetryAfter: 60)
    #expect(policy.delay(beforeRetry: 1, retryAfter: 7) == 7)
    #expect(policy.delay(beforeRetry: 1, retryAfter: 3600) == nil)
  }

  @Test func parsesRetryAfterForms() {
    #expect(RetryPolicy.parseRetryAfter("120") == 120)
    let now = Date(timeIntervalSince1970: 1_445_412_480)  // Wed, 21 Oct 2015 07:28:00 GMT
    #expect(RetryPolicy.parseRetryAfter("Wed, 21 Oct 2015 07:28:30 GMT", now: now) == 30)
    #expect(RetryPolicy.parseRetryAfter("soon") == nil)
    #expect(RetryPolicy.parseRetryAfter(nil) == nil)
  }
}
