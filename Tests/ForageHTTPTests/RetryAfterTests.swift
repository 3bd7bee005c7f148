import ForageHTTP
import Foundation
import Testing

@Suite struct RetryAfterTests {
  @Test func readsDeltaSecondsAndHTTPDates() {
    let now = Date(timeIntervalSince1970: 1_445_412_480)  // Wed, 21 Oct 2015 07:28:00 GMT
    #expect(RetryAfter.delay("3", now: now) == .seconds(3))
    #expect(RetryAfter.delay(" 0.5 ", now: now) == .milliseconds(500))
    #expect(RetryAfter.delay("-1", now: now) == nil)
    #expect(RetryAfter.delay("soon", now: now) == nil)
    #expect(RetryAfter.delay("", now: now) == nil)
    #expect(RetryAfter.delay("Wed, 21 Oct 2015 07:28:05 GMT", now: now) == .seconds(5))
    #expect(RetryAfter.delay("Wed, 21 Oct 2015 07:27:00 GMT", now: now) == .zero)
    #expect(RetryAfter.delay("Wednesday, 21-Oct-15 07:28:10 GMT", now: now) == .seconds(10))
    #expect(RetryAfter.delay("Wed Oct 21 07:28:02 2015", now: now) == .seconds(2))
    #expect(RetryAfter.delay("9999999", now: now) == RetryAfter.longestDelay)
  }

  @Test func writesIMFFixdatesItReadsBack() {
    let date = Date(timeIntervalSince1970: 1_445_412_485)
    #expect(RetryAfter.httpDate(date) == "Wed, 21 Oct 2015 07:28:05 GMT")
    let now = Date(timeIntervalSince1970: 1_445_412_480)
    #expect(RetryAfter.delay(RetryAfter.httpDate(date), now: now) == .seconds(5))
  }

  @Test func aResponseWithoutTheHeaderAsksForNoWait() {
    let plain = HTTPResponse(status: 503, headers: [], body: Data())
    #expect(plain.retryAfter(now: Date()) == nil)
    let asking = HTTPResponse(status: 503, headers: [("Retry-After", "2")], body: Data())
    #expect(asking.retryAfter(now: Date()) == .seconds(2))
  }
}
