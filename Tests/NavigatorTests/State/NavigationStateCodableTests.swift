import Foundation
import Testing

@testable import Navigator

/// An app's routes: a key type with associated values.
private enum Route: Hashable, Sendable, Codable {
  case inbox
  case thread(Int)
  case compose(draft: String)
  case tabs
}

/// Saving and loading a `NavigationState` as JSON: round trips, the exact shape, and the
/// errors for what can't be saved or isn't a state.
@Suite struct NavigationStateCodableTests {
  typealias State = NavigationState<String>

  /// Every kind of node, key and anchor a state can hold (no instances).
  let everything = State(
    root: .container(
      "Tabs",
      children: [
        .stack(
          [.screen("Inbox"), .screen("Thread(7)")],
          presenting: .sheet(
            .stack([
              .screen(
                "Compose",
                presenting: .popover(
                  .screen("Attachments"), at: .barButtonItem(.left, index: 1, of: .key("Compose"))))
            ]))),
        .stack("Settings", []),
        .screen(
          "Profile",
          presenting: .popover(
            .screen("Avatar"),
            at: .view(
              of: .navigationController, path: [0, 3], rect: Rect(x: 1.5, y: -2, width: 30, height: 40)))),
      ],
      presenting: .fullScreen(
        .screen(
          "Onboarding", presenting: .popover(.screen("Tip"), at: .unnamed("a view that no screen owns")))))
  )

  private func roundTrip<Key: Codable>(_ state: NavigationState<Key>) throws -> NavigationState<Key> {
    try JSONDecoder().decode(NavigationState<Key>.self, from: JSONEncoder().encode(state))
  }

  private func json<Key: Codable>(_ state: NavigationState<Key>) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(state), as: UTF8.self)
  }

  @Test func aNestedStringKeyedStateSurvivesARoundTrip() throws {
    #expect(try roundTrip(everything) == everything)
    #expect(try roundTrip(State.empty) == .empty)
  }

  @Test func aNestedEnumKeyedStateSurvivesARoundTrip() throws {
    let state = NavigationState<Route>(
      root: .container(
        .tabs,
        children: [
          .stack(
            [.screen(.inbox), .screen(.thread(7))],
            presenting: .modal(.stack([.screen(.compose(draft: "Hi \"you\"\n"))]), style: .formSheet))
        ]))
    #expect(try roundTrip(state) == state)
  }

  @Test func aSmallStateHasThisExactJSON() throws {
    let state = State(
      root: .stack(
        [.screen("Inbox")],
        presenting: .popover(.screen("Menu"), at: .barButtonItem(.right, index: 0, of: .key("Inbox")))))
    #expect(
      try json(state)
        == #"{"root":{"navigationController":true,"presents":{"anchor":{"barButtonItem":{"index":0,"of":{"key":"Inbox"},"side":"right"}},"screen":{"key":"Menu"},"style":"popover"},"stack":[{"key":"Inbox"}]}}"#
    )
    #expect(try json(State.empty) == "{}")
  }

  @Test func containersViewAnchorsAndUnnamedAnchorsHaveThisExactJSON() throws {
    let state = State(
      root: .container(
        "Split", children: [.screen("Detail")],
        presenting: .popover(
          .screen("Share"),
          at: .view(of: .key("Detail"), path: [1], rect: Rect(x: 0, y: 2.5, width: 44, height: 44)))
      ))
    #expect(
      try json(state)
        == #"{"root":{"children":[{"key":"Detail"}],"key":"Split","presents":{"anchor":{"view":{"of":{"key":"Detail"},"path":[1],"rect":{"height":44,"width":44,"x":0,"y":2.5}}},"screen":{"key":"Share"},"style":"popover"}}}"#
    )
    let tip = State(root: .screen("Home", presenting: .popover(.screen("Tip"), at: .unnamed("somewhere"))))
    #expect(
      try json(tip)
        == #"{"root":{"key":"Home","presents":{"anchor":{"unnamed":"somewhere"},"screen":{"key":"Tip"},"style":"popover"}}}"#
    )
  }

  @Test func anEnumKeyIsWrittenAsTheKeyTypeWritesIt() throws {
    let state = NavigationState<Route>(root: .screen(.thread(7)))
    #expect(try json(state) == #"{"root":{"key":{"thread":{"_0":7}}}}"#)
  }

  @Test func everyStyleIsWrittenByItsName() throws {
    for style in ModalPresentationStyle.allCases {
      let data = try JSONEncoder().encode([style])
      #expect(String(decoding: data, as: UTF8.self) == "[\"\(style)\"]")
      #expect(try JSONDecoder().decode([ModalPresentationStyle].self, from: data) == [style])
    }
  }

  @Test func aScreenWithoutAKeyCannotBeSaved() throws {
    let window = Window()
    let draft = Screen("Draft")
    let nav = NavigationController(rootViewController: draft)
    nav.navigationKey = "Mail"
    window.rootViewController = nav
    window.makeKeyAndVisible()
    let state = window.navigationState(keyedBy: String.self)
    let error = #expect(throws: EncodingError.self) { try JSONEncoder().encode(state) }
    #expect(
      encodingFailure(error)
        == #"root.stack[0]: screen "Draft" has no navigationKey of type String, so it can't be saved; give it one (ViewController.navigationKey)"#
    )
  }

  @Test func aPopoverAnchoredToAScreenWithoutAKeyCannotBeSaved() throws {
    let home = Screen("Home")
    let state = State(
      root: .init(
        key: .key("Root"),
        presenting: .popover(
          .screen("Menu"), at: .barButtonItem(.right, index: 0, of: .instance(home.screenID)))))
    let error = #expect(throws: EncodingError.self) { try JSONEncoder().encode(state) }
    #expect(
      encodingFailure(error)
        == #"root.presents.anchor.barButtonItem.of: screen "Home" has no navigationKey of type String, so it can't be saved; give it one (ViewController.navigationKey)"#
    )
  }

  @Test func whatDecodingWouldRefuseCannotBeSaved() throws {
    let negativeIndex = State(
      root: .screen(
        "Home", presenting: .popover(.screen("Menu"), at: .barButtonItem(.right, index: -1, of: .key("Home")))
      ))
    #expect(
      encodingFailure(#expect(throws: EncodingError.self) { try JSONEncoder().encode(negativeIndex) })
        == "root.presents.anchor.barButtonItem.index: a bar button item's index can't be negative (-1)")
    let negativePath = State(
      root: .screen(
        "Home",
        presenting: .popover(.screen("Menu"), at: .view(of: .key("Home"), path: [0, -2], rect: .zero))))
    #expect(
      encodingFailure(#expect(throws: EncodingError.self) { try JSONEncoder().encode(negativePath) })
        == "root.presents.anchor.view.path: a view path's subview index can't be negative (-2)")
    let infinite = State(
      root: .screen(
        "Home",
        presenting: .popover(
          .screen("Menu"),
          at: .view(of: .key("Home"), path: [], rect: Rect(x: 0, y: 0, width: .infinity, height: 1)))))
    #expect(
      encodingFailure(#expect(throws: EncodingError.self) { try JSONEncoder().encode(infinite) })
        == "root.presents.anchor.view.rect.width: a rect's width must be a finite number, not inf")
  }

  @Test func malformedStatesAreRefusedWithTheirPlaceAndReason() {
    let cases: [(json: String, failure: String)] = [
      (
        #"{"root": {"key": "A", "stack": [], "children": []}}"#,
        #"root: a screen holds a "stack" or "children", not both"#
      ),
      (#"{"root": {}}"#, #"root: a screen needs a "key" or "navigationController": true"#),
      (
        #"{"root": {"key": "A", "navigationController": true}}"#,
        #"root: a screen has a "key" or "navigationController": true, not both"#
      ),
      (
        #"{"root": {"navigationController": false, "stack": []}}"#,
        #"root.navigationController: "navigationController" can only be true; a screen of another kind needs a "key""#
      ),
      (
        #"{"root": {"key": "A", "stak": []}}"#,
        #"root.stak: a screen has no field "stak"; its fields are "key", "navigationController", "stack", "children", "presents""#
      ),
      (#"{"rot": {"key": "A"}}"#, #"rot: a state has no field "rot"; its fields are "root""#),
      (
        #"{"root": {"key": "A", "presents": {"style": "sideways", "screen": {"key": "B"}}}}"#,
        #"root.presents.style: "sideways" is not a presentation style; the styles are "automatic", "none", "fullScreen", "pageSheet", "formSheet", "currentContext", "custom", "overFullScreen", "overCurrentContext", "popover""#
      ),
      (
        #"{"root": {"key": "A", "presents": {"style": "popover", "screen": {"key": "B"}, "anchor": {"barButtonItem": {"side": "right", "index": -1, "of": {"key": "A"}}}}}}"#,
        "root.presents.anchor.barButtonItem.index: a bar button item's index can't be negative (-1)"
      ),
      (
        #"{"root": {"key": "A", "presents": {"style": "popover", "screen": {"key": "B"}, "anchor": {"barButtonItem": {"side": "up", "index": 0, "of": {"key": "A"}}}}}}"#,
        "root.presents.anchor.barButtonItem.side: Cannot initialize BarSide from invalid String value up"
      ),
      (
        #"{"root": {"key": "A", "presents": {"style": "popover", "screen": {"key": "B"}, "anchor": {"view": {"of": {"key": "A"}, "path": [0, -3], "rect": {"x": 0, "y": 0, "width": 1, "height": 1}}}}}}"#,
        "root.presents.anchor.view.path: a view path's subview index can't be negative (-3)"
      ),
      (
        #"{"root": {"key": "A", "presents": {"style": "popover", "screen": {"key": "B"}, "anchor": {"unnamed": "x", "view": {}}}}}"#,
        #"root.presents.anchor: an anchor has exactly one of "barButtonItem", "view" and "unnamed""#
      ),
      (
        #"{"root": {"key": "A", "presents": {"style": "popover", "screen": {"key": "B"}, "anchor": {}}}}"#,
        #"root.presents.anchor: an anchor has exactly one of "barButtonItem", "view" and "unnamed""#
      ),
      (
        #"{"root": {"key": "A", "presents": {"style": "popover", "screen": {"key": "B"}, "anchor": {"barButtonItem": {"side": "right", "index": 0, "of": {"key": "A", "extra": 1}}}}}}"#,
        #"root.presents.anchor.barButtonItem.of.extra: a screen key has no field "extra"; its fields are "key", "navigationController""#
      ),
      (
        #"{"root": {"key": "A", "presents": {"style": "popover", "screen": {"key": "B"}, "anchor": {"view": {"of": {"key": "A"}, "path": [], "rect": {"x": 0, "y": 0, "width": 1}}}}}}"#,
        #"root.presents.anchor.view.rect.height: missing"#
      ),
      (#"{"root": {"key": "A", "presents": {"style": "pageSheet"}}}"#, #"root.presents.screen: missing"#),
      (#"{"root": {"key": 7}}"#, "root.key: wrong type"),
      (#"{"root": {"key": "A", "stack": null}}"#, "root.stack: null"),
      (#"[]"#, ": wrong type"),
    ]
    for (json, failure) in cases {
      let error = #expect(throws: DecodingError.self, "\(json)") {
        try JSONDecoder().decode(State.self, from: Data(json.utf8))
      }
      #expect(decodingFailure(error) == failure, "\(json)")
    }
  }

  @Test func inputThatIsNotJSONIsRefused() {
    for json in ["", "{", #"{"root": {"key": "A",}"#, "nul"] {
      #expect(throws: DecodingError.self, "\(json)") {
        try JSONDecoder().decode(State.self, from: Data(json.utf8))
      }
    }
  }

  @Test func aStatePathIsWrittenAsItsDescriptionAndReadBack() throws {
    let path = StatePath.entry(1).presented.child(0).presented.entry(12)
    let data = try JSONEncoder().encode([path, .root])
    #expect(String(decoding: data, as: UTF8.self) == #"["root[1].presented.child(0).presented[12]","root"]"#)
    #expect(try JSONDecoder().decode([StatePath].self, from: data) == [path, .root])
  }

  @Test func malformedPathsAreRefused() {
    for text in [
      "", "rot", "root[", "root[1", "root[-1]", "root[+1]", "root[]", "root.child(x)", "root.child(1",
      "root.presentedx", "root[99999999999999999999]", " root", "root[١]",
    ] {
      let error = #expect(throws: DecodingError.self, "\(text)") {
        try JSONDecoder().decode([StatePath].self, from: JSONEncoder().encode([text]))
      }
      #expect(
        decodingFailure(error)
          == "[0]: \"\(text)\" is not a path: \"root\", then [i] for an entry, .child(i) for a child, "
          + ".presented for a presentation, each i a number from 0", "\(text)")
    }
    let negative = StatePath.entry(-1)
    #expect(
      encodingFailure(#expect(throws: EncodingError.self) { try JSONEncoder().encode([negative]) })
        == "[0]: a path's index can't be negative (-1 in root[-1])")
  }

  @Test func aRectIsItsFourCoordinates() throws {
    let rect = Rect(x: -1, y: 2.25, width: 0, height: 1e300)
    let data = try JSONEncoder().encode(rect)
    #expect(try JSONDecoder().decode(Rect.self, from: data) == rect)
    let error = #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(
        Rect.self, from: Data(#"{"x": 0, "y": 0, "width": 1, "height": 1, "depth": 1}"#.utf8))
    }
    #expect(
      decodingFailure(error)
        == #"depth: a rect has no field "depth"; its fields are "x", "y", "width", "height""#)
  }
}

/// A coding path as `root.stack[0].key`.
private func place(_ path: [any CodingKey]) -> String {
  path.reduce(into: "") { text, key in
    if let index = key.intValue {
      text += "[\(index)]"
    } else {
      text += (text.isEmpty ? "" : ".") + key.stringValue
    }
  }
}

/// An encoding error as `place: reason`; `nil` when there is none.
private func encodingFailure(_ error: EncodingError?) -> String? {
  guard case .invalidValue(_, let context) = error else { return nil }
  return "\(place(context.codingPath)): \(context.debugDescription)"
}

/// A decoding error as `place: reason`, for the errors this package writes; the reason is
/// `missing`, `wrong type` or `null` for the decoder's own.
private func decodingFailure(_ error: DecodingError?) -> String? {
  switch error {
  case .dataCorrupted(let context):
    return "\(place(context.codingPath)): \(context.debugDescription)"
  case .keyNotFound(let key, let context):
    // The package's own keyNotFound explains itself; the decoder's says "No value associated…".
    if context.debugDescription.hasPrefix("a screen") {
      return "\(place(context.codingPath)): \(context.debugDescription)"
    }
    return "\(place(context.codingPath + [key])): missing"
  case .typeMismatch(_, let context):
    return "\(place(context.codingPath)): wrong type"
  case .valueNotFound(_, let context):
    return "\(place(context.codingPath)): null"
  case nil:
    return nil
  @unknown default:
    return "unknown error"
  }
}
