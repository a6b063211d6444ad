import AppFlow
import Navigator
import Testing

/// The monotonic clock's readings that decide keep-alive durations, recorded and replayed.
@Suite struct ClockRecordingTests {
  /// Catalog at the root, Product kept alive for a minute after it leaves; the immediate
  /// scheduler, whose keep-alive cache reads the monotonic clock.
  func makeKeepingShop() throws -> AppController {
    let app = AppController(
      window: Window(scheduler: .immediate, misusePolicy: .report), rootRoute: Catalog())
    try app.routes.register(Catalog.self) { RouteScreen($0) }
    try app.routes.register(Product.self, parent: { _ in Catalog() }, keepAlive: .duration(.seconds(60))) {
      RouteScreen($0)
    }
    return app
  }

  @Test func theReadingsThatDecideAreInputsAndTheReplayTakesThem() throws {
    let app = try makeKeepingShop()
    let recorder = try app.startRecording(recordingEvents: true)
    try app.start()
    app.navigate(to: Product(id: 1), animated: false)
    app.rootNavigationController?.navigationBar.tapBackButton()
    app.navigate(to: Product(id: 1), animated: false)
    let log = recorder.log
    #expect(
      log.inputs.map { (input) -> String in if case .clock = input { "clock" } else { input.description } }
        == [
          "start()", "clock", "navigate(to: Product(id: 1), animated: false)", "clock", "tapBackButton(root)",
          "clock", "navigate(to: Product(id: 1), animated: false)",
        ])
    #expect(log.steps[5].events == [])
    // The kept Product is shown again: not made anew.
    #expect(log.steps[6].events?.contains { $0.contains("viewDidLoad") } == false)
    let fresh = try makeKeepingShop()
    #expect(try fresh.routes.decodeSessionLog(try app.routes.encode(log)).replay(into: fresh) == log)

    // Planted: the last input comes 61 seconds after Product left, so it is made anew.
    guard case .clock(let left) = log.inputs[3] else {
      Issue.record("no reading at \(log.inputs[3])")
      return
    }
    var late = log
    late.steps[5].input = .clock(left + .seconds(61))
    let error = try #require(throws: ReplayError.self) { try late.replay(into: try makeKeepingShop()) }
    #expect(error.code == .divergence)
    #expect(error.divergence?.inputIndex == 6)
  }

  @Test func aReadingIsWrittenAsTheTimeSinceTheLogsStart() throws {
    let app = try makeKeepingShop()
    let log = SessionLog(steps: [.init(.clock(.seconds(3) + .nanoseconds(5)))])
    let written = try app.routes.encode(log)
    #expect(
      String(decoding: written, as: UTF8.self)
        == "{\"inputs\":[{\"attoseconds\":5000000000,\"input\":\"clock\",\"seconds\":3}],\"sessionLog\":1}")
    #expect(try app.routes.decodeSessionLog(written) == log)
    let negative = Array("{\"sessionLog\":1,\"inputs\":[{\"input\":\"clock\",\"seconds\":-1}]}".utf8)
    let error = try #require(throws: SessionLogError.self) { try app.routes.decodeSessionLog(negative) }
    #expect(error.code == .corrupt)
  }

  @Test func aManualSchedulersClockIsNotRead() throws {
    let scheduler = ManualScheduler()
    let app = AppController(
      window: Window(scheduler: .manual(scheduler), misusePolicy: .report), rootRoute: Catalog())
    try app.routes.register(Catalog.self) { RouteScreen($0) }
    try app.routes.register(Product.self, parent: { _ in Catalog() }, keepAlive: .duration(.seconds(60))) {
      RouteScreen($0)
    }
    let recorder = try app.startRecording()
    try app.start()
    scheduler.settle()
    app.navigate(to: Product(id: 1), animated: false)
    scheduler.settle()
    app.rootNavigationController?.navigationBar.tapBackButton()
    scheduler.settle()
    #expect(
      recorder.log.inputs.map(\.description) == [
        "start()", "settle(limit: 10000)", "navigate(to: Product(id: 1), animated: false)",
        "settle(limit: 10000)",
        "tapBackButton(root)", "settle(limit: 10000)",
      ])
  }

  @Test func aContinuedLogsClockGoesOnFromItsLastReading() throws {
    let app = try makeKeepingShop()
    try app.start()
    app.navigate(to: Product(id: 1), animated: false)
    let saved = SessionLog(steps: [.init(.clock(.seconds(100))), .init(.tapBackButton(.root))])
    let recorder = app.startRecording(continuing: saved)
    app.rootNavigationController?.navigationBar.tapBackButton()
    let inputs = recorder.log.inputs
    #expect(inputs.count == 4)
    #expect(Array(inputs.prefix(2)) == saved.inputs)
    #expect(inputs.last == .tapBackButton(.root))
    guard case .clock(let time) = inputs[2] else {
      Issue.record("no reading at \(inputs[2])")
      return
    }
    #expect(time >= .seconds(100))
  }
}
