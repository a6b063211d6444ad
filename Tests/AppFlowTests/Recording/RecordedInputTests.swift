import Navigator
import Testing

@testable import AppFlow

/// How recorded inputs read, and how the recorder names a push's route and screen.
@Suite struct RecordedInputTests {
  @Test func everyFormOfPopReadsAsACall() {
    let path = StatePath([.presented])
    #expect(
      [
        RecordedInput.pop(from: nil, animated: true), .pop(from: nil, animated: false),
        .pop(from: path, animated: true), .pop(from: path, animated: false),
      ].map(\.description) == [
        "pop()", "pop(animated: false)", "pop(from: root.presented)",
        "pop(from: root.presented, animated: false)",
      ])
  }

  @Test func routesOfDifferentTypesOrValuesAreNotEqual() {
    let routes = [AnyRoute(Product(id: 1)), AnyRoute(Product(id: 2)), AnyRoute(Reviews(productID: 1))]
    #expect(
      routes.map { left in routes.map { right in left == right } } == [
        [true, false, false], [false, true, false], [false, false, true],
      ])
    #expect(AnyRoute(AnyRoute(Product(id: 1))) == AnyRoute(Product(id: 1)))
  }

  @Test func pushesOfRoutesSeenBeforeAndNewOnesAreRecordedByRoute() throws {
    let app = try makeRecordingShop()
    try app.start()
    let recorder = try app.startRecording()
    for id in [1, 2, 1, 1, 3, 2] {
      app.navigator.push(
        .instance(try app.routes.makeScreen(for: AnyRoute(Product(id: id)))), options: .init().animated(false)
      )
    }
    #expect(
      recorder.log.inputs
        == [1, 2, 1, 1, 3, 2].map {
          .push(AnyRoute(Product(id: $0)), from: nil, animated: false)
        })
    let fresh = try makeRecordingShop()
    try recorder.log.replay(into: fresh)
    #expect(
      fresh.window.navigationState(keyedBy: AnyRoute.self)
        == app.window.navigationState(keyedBy: AnyRoute.self))
  }

  @Test func aReplayShowsEachStepAndTheStateItLedTo() throws {
    let app = try makeRecordingShop()
    let recorder = try app.startRecording(recordingEvents: true)
    try app.start()
    app.navigate(to: Product(id: 1), animated: false)
    app.rootNavigationController?.navigationBar.tapBackButton()
    let log = recorder.log
    let fresh = try makeRecordingShop()
    var seen: [String] = []
    try log.replay(into: fresh) { index, step in
      let top = fresh.rootNavigationController?.topViewController?.navigationKey
      seen.append("\(index) \(step.input) → \(top.map { "\($0)" } ?? "none")")
    }
    #expect(
      seen == [
        "0 start() → Catalog()", "1 navigate(to: Product(id: 1), animated: false) → Product(id: 1)",
        "2 tapBackButton(root) → Catalog()",
      ])
  }

  @Test func aPushOfAScreenWithNoRouteIsNamedWithoutAnAddress() throws {
    let app = try makeRecordingShop()
    try app.start()
    let recorder = try app.startRecording()
    app.navigator.push(.instance(ViewController()), options: .init().animated(false))
    app.navigator.push(.type(PlainScreen.self), options: .init().animated(false))
    #expect(
      recorder.log.inputs == [
        .unreplayable("push of ViewController: its screen has no route to make it again from"),
        .unreplayable(
          "Request(push, type(\"PlainScreen\"), animated: false): the screen type PlainScreen is not registered for "
            + "session logs; register it with RouteTable.registerScreen(_:tag:)"),
      ])
  }
}

/// A screen with no route, made from its type.
private final class PlainScreen: ViewController, InitializableScreen {}
