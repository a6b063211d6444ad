import AppFlow
import Navigator
import Testing

@Suite struct RecordReplayTests {
  @Test func aRecordedSessionReplaysExactly() throws {
    let app = try makeShop(started: false)
    let recorder = try app.startRecording(recordingEvents: true)
    try app.start()
    app.open("shop://catalog/products/42", animated: false)
    app.navigate(to: Reviews(productID: 42))
    app.window.tapOutsidePopover()
    let log = recorder.log
    print(log)
    let bytes = try app.routes.encode(log)
    print(String(decoding: bytes, as: UTF8.self))
    let fresh = try makeShop(started: false)
    let decoded = try fresh.routes.decodeSessionLog(bytes)
    #expect(decoded == log)
    let replayed = try decoded.replay(into: fresh)
    #expect(replayed == log)
  }
}
