import Foundation
import Navigator

// The inputs that name screens by registered types and scenes, popovers and children, as a
// log writes them:
//
//   {"input": "pushScreen", "screen": {"type": "filters"}, "from": "root.presented"}
//   {"input": "presentModalScreen", "screen": {"storyboard": "Main", "scene": "detail"},
//    "style": "pageSheet", "embedded": true}
//   {"input": "popover", "screen": {"route": "Filters", "value": {}},
//    "anchor": {"barButtonItem": {"side": "right", "index": 0, "of": "root[0]"}}, "keepsPopover": true}
//   {"input": "popover", "screen": {"type": "tip"},
//    "anchor": {"view": {"of": "root[0]", "path": [1], "rect": {"x": 0, "y": 0, "width": 10, "height": 10}}}}
//   {"input": "addChild", "screen": {"storyboard": "Main"}, "to": "root[0]", "view": [0]}
//   {"input": "removeChildScreen", "screen": {"type": "tip"}, "from": "root[0]"}
//
// A scene without "scene" is the storyboard's initial scene.

extension InputDocument {
  /// The document of an input that names a screen by a ``RecordedScreen``.
  init(keyed recorded: RecordedInput) {
    switch recorded {
    case .pushScreen(let screen, let from, let animated):
      self.init(kind: .pushScreen)
      self.screen = ScreenDocument(screen)
      self.from = from
      set(animated)
    case .presentModalScreen(let screen, let style, let embedded, let from, let animated):
      self.init(kind: .presentModalScreen)
      self.screen = ScreenDocument(screen)
      self.style = style
      if embedded { self.embedded = true }
      self.from = from
      set(animated)
    case .popover(let screen, let anchor, let keepsPopover, let embedded, let from, let animated):
      self.init(kind: .popover)
      self.screen = ScreenDocument(screen)
      self.anchor = AnchorDocument(anchor)
      if keepsPopover { self.keepsPopover = true }
      if embedded { self.embedded = true }
      self.from = from
      set(animated)
    case .addChild(let screen, let container, let view, let embedded):
      self.init(kind: .addChild)
      self.screen = ScreenDocument(screen)
      to = container
      self.view = view
      if embedded { self.embedded = true }
    case .removeChildScreen(let screen, let container):
      self.init(kind: .removeChildScreen)
      self.screen = ScreenDocument(screen)
      from = container
    default:
      self.init(kind: .unreplayable)
      reason = "\(recorded)"
    }
  }

  /// Reads the fields of an input that names a screen, checking what its kind needs.
  mutating func decodeKeyed(
    _ kind: Kind, from container: KeyedDecodingContainer<CodingKeys>, at place: String
  ) throws {
    guard container.contains(.screen) else {
      throw SessionLogError(.corrupt, "The \(input) input at \(place) has no \"screen\".")
    }
    screen = try container.decode(ScreenDocument.self, forKey: .screen)
    switch kind {
    case .presentModalScreen:
      style = try container.decodeIfPresent(ModalPresentationStyle.self, forKey: .style)
      embedded = try container.decodeIfPresent(Bool.self, forKey: .embedded)
    case .popover:
      guard container.contains(.anchor) else {
        throw SessionLogError(.corrupt, "The popover input at \(place) has no \"anchor\".")
      }
      anchor = try container.decode(AnchorDocument.self, forKey: .anchor)
      keepsPopover = try container.decodeIfPresent(Bool.self, forKey: .keepsPopover)
      embedded = try container.decodeIfPresent(Bool.self, forKey: .embedded)
    case .addChild:
      guard container.contains(.to) else {
        throw SessionLogError(
          .corrupt, "The addChild input at \(place) has no \"to\" (its container's path).")
      }
      to = try container.decode(StatePath.self, forKey: .to)
      view = try container.decodeIfPresent([Int].self, forKey: .view)
      if let view, view.contains(where: { $0 < 0 }) {
        throw SessionLogError(
          .corrupt,
          "The addChild input at \(place) names the view \(view); a view's indices are not negative.")
      }
      embedded = try container.decodeIfPresent(Bool.self, forKey: .embedded)
    case .removeChildScreen:
      guard from != nil else {
        throw SessionLogError(
          .corrupt, "The removeChildScreen input at \(place) has no \"from\" (its container's path).")
      }
    default:
      break
    }
  }

  /// The input the document of a keyed kind holds; the decoder checked its fields.
  func keyed(_ kind: Kind) -> RecordedInput {
    let animated = self.animated ?? true
    let screen = self.screen!.screen
    switch kind {
    case .pushScreen: return .pushScreen(screen, from: from, animated: animated)
    case .presentModalScreen:
      return .presentModalScreen(
        screen, style: style, embeddedInNavigationController: embedded ?? false, from: from,
        animated: animated)
    case .popover:
      return .popover(
        screen, anchor: anchor!.anchor, keepsPopoverOnCompactWidth: keepsPopover ?? false,
        embeddedInNavigationController: embedded ?? false, from: from, animated: animated)
    case .addChild:
      return .addChild(screen, to: to!, in: view, embeddedInNavigationController: embedded ?? false)
    default: return .removeChildScreen(screen, from: from!)
    }
  }
}

/// A ``RecordedScreen`` as a log writes it: a route as a snapshot writes one
/// (`{"route": "Product", "value": {"id": 1}}`), `{"type": "<tag>"}`, or
/// `{"storyboard": "<name>", "scene": "<identifier>"}` (no `scene`: the initial one).
struct ScreenDocument: Codable {
  let screen: RecordedScreen

  enum CodingKeys: String, CodingKey {
    case route, type, storyboard, scene
  }

  init(_ screen: RecordedScreen) { self.screen = screen }

  /// Reads a screen, checking that it names one thing and that the route table has its
  /// type or storyboard.
  init(from decoder: any Decoder) throws {
    let table = try SnapshotKey.table(decoder)
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let place = SnapshotKey.place(decoder.codingPath)
    let named = [CodingKeys.route, .type, .storyboard].filter(container.contains)
    guard named.count == 1, container.contains(.scene) ? named == [.storyboard] : true else {
      throw SessionLogError(
        .corrupt,
        "The screen at \(place) names \(named.isEmpty ? "nothing" : named.map(\.stringValue).joined(separator: " and ")); "
          + "a screen is a route, a \"type\", or a \"storyboard\" with an optional \"scene\".")
    }
    switch named[0] {
    case .route:
      screen = .route(try SnapshotKey(from: decoder).route)
    case .type:
      let tag = try container.decode(String.self, forKey: .type)
      guard table.contents.screenTypes[tag] != nil else {
        throw SessionLogError(
          .unknownScreen,
          "The screen at \(place) is of the type \"\(tag)\", which the route table doesn't know; known: "
            + "\(table.screenTags.joined(separator: ", ")) (RouteTable.registerScreen(_:tag:)).")
      }
      screen = .type(tag)
    default:
      let name = try container.decode(String.self, forKey: .storyboard)
      guard table.contents.storyboard(named: name) != nil else {
        throw SessionLogError(
          .unknownScreen,
          "The screen at \(place) is from the storyboard \"\(name)\", which the route table doesn't know; known: "
            + "\(table.storyboardNames.joined(separator: ", ")) (RouteTable.registerStoryboard(_:)).")
      }
      screen = .scene(
        storyboard: name, identifier: try container.decodeIfPresent(String.self, forKey: .scene))
    }
  }

  func encode(to encoder: any Encoder) throws {
    switch screen {
    case .route(let route): try SnapshotKey(route).encode(to: encoder)
    case .type(let tag):
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(tag, forKey: .type)
    case .scene(let storyboard, let identifier):
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(storyboard, forKey: .storyboard)
      try container.encodeIfPresent(identifier, forKey: .scene)
    }
  }
}

/// A ``RecordedAnchor`` as a log writes it, as a state writes a popover's anchor, its owner
/// by its path: `{"barButtonItem": {"side": "right", "index": 0, "of": "root[0]"}}` or
/// `{"view": {"of": "root[0]", "path": [1], "rect": {…}}}`.
struct AnchorDocument: Codable {
  let anchor: RecordedAnchor

  struct Item: Codable {
    let side: BarSide
    let index: Int
    let of: StatePath
  }

  struct ViewPlace: Codable {
    let of: StatePath
    let path: [Int]
    let rect: Rect
  }

  enum CodingKeys: String, CodingKey {
    case barButtonItem, view
  }

  init(_ anchor: RecordedAnchor) { self.anchor = anchor }

  /// Reads an anchor: exactly one of an item and a view, with indices that are not
  /// negative.
  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let place = SnapshotKey.place(decoder.codingPath)
    switch (
      try container.decodeIfPresent(Item.self, forKey: .barButtonItem),
      try container.decodeIfPresent(ViewPlace.self, forKey: .view)
    )
    {
    case (let item?, nil):
      guard item.index >= 0 else {
        throw SessionLogError(
          .corrupt,
          "The anchor at \(place) names the bar button item \(item.index); an index is not negative.")
      }
      anchor = .barButtonItem(item.side, index: item.index, of: item.of)
    case (nil, let view?):
      guard !view.path.contains(where: { $0 < 0 }) else {
        throw SessionLogError(
          .corrupt, "The anchor at \(place) names the view \(view.path); a view's indices are not negative.")
      }
      anchor = .view(of: view.of, path: view.path, rect: view.rect)
    default:
      throw SessionLogError(
        .corrupt,
        "The anchor at \(place) has both or neither of \"barButtonItem\" and \"view\"; an anchor has exactly "
          + "one.")
    }
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch anchor {
    case .barButtonItem(let side, let index, let owner):
      try container.encode(Item(side: side, index: index, of: owner), forKey: .barButtonItem)
    case .view(let owner, let path, let rect):
      try container.encode(ViewPlace(of: owner, path: path, rect: rect), forKey: .view)
    }
  }
}
