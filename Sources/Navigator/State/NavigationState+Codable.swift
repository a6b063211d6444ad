// Saving a state: `Codable` when the key type is, in a JSON shape written to be read.
//
// A state:        {"root": <screen>}                 (no "root" when there is none)
// A screen:       {"key": <Key>}                     (a screen made from a key)
//                 {"navigationController": true}     (a plain navigation controller)
//                 plus "stack": [<screen>, …] for a navigation stack (its root first),
//                 or "children": [<screen>, …] for a custom container,
//                 and "presents": <presentation> for what it presents.
// A presentation: {"style": "pageSheet", "anchor": <anchor>, "screen": <screen>}
//                 (no "anchor" when there is none)
// An anchor:      {"barButtonItem": {"side": "right", "index": 0, "of": <screen key>}}
//                 {"view": {"of": <screen key>, "path": [0, 2], "rect": <rect>}}
//                 {"unnamed": "a view that no screen owns"}
// A screen key:   {"key": <Key>} or {"navigationController": true}
// A rect:         {"x": 0, "y": 0, "width": 44, "height": 44}
// A path:         "root[1].presented[0]", as `StatePath.description` writes it (StatePath+Codable.swift)
//
// Decoding is strict: a field it doesn't know, two fields that exclude each other, a
// negative index, an unknown style or a coordinate that isn't a finite number is a
// `DecodingError` naming the place. Encoding refuses what decoding would refuse, and a
// screen named by its instance (it has no key, so it can't be made again).

extension NavigationState: Codable where Key: Codable {
  /// Decodes a state: `{"root": …}`, or `{}` for a state with no root.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError` when the input isn't a state (see ``Node/init(from:)``).
  public init(from decoder: any Decoder) throws {
    let container = try StateCoding.container(of: decoder, keyedBy: StateField.self, named: "a state")
    self.init(root: try container.decodeIfPresent(Node.self, forKey: .root))
  }

  /// Encodes the state as `{"root": …}`, or `{}` when it has no root.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: `EncodingError.invalidValue` for a screen named by its instance (it has no
  ///   ``ViewController/navigationKey`` of type `Key`, so it can't be made again), a
  ///   negative index or a coordinate that isn't finite.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: StateField.self)
    try container.encodeIfPresent(root, forKey: .root)
  }
}

extension NavigationState.Node: Codable where Key: Codable {
  /// Decodes a screen: `{"key": …}` or `{"navigationController": true}`, with `"stack"`
  /// or `"children"`, and `"presents"`.
  ///
  /// `"children": []` reads as a plain screen, as ``init(key:content:presenting:)`` makes it.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError` for a field the shape doesn't have, a screen with both or
  ///   neither of `"key"` and `"navigationController": true`, with both `"stack"` and
  ///   `"children"`, or a malformed presentation.
  public init(from decoder: any Decoder) throws {
    let container = try StateCoding.container(of: decoder, keyedBy: NodeField.self, named: "a screen")
    let key = try ScreenKey<Key>.decode(
      from: container, key: .key, navigationController: .navigationController)
    let content: NavigationState.Content
    switch (container.contains(.stack), container.contains(.children)) {
    case (true, true):
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: container.codingPath,
          debugDescription: "a screen holds a \"stack\" or \"children\", not both"))
    case (true, false): content = .stack(try container.decode([Self].self, forKey: .stack))
    case (false, true): content = .container(try container.decode([Self].self, forKey: .children))
    case (false, false): content = .screen
    }
    let presentation = try container.decodeIfPresent(NavigationState.Presentation.self, forKey: .presents)
    self.init(key: key, content: content, presenting: presentation)
  }

  /// Encodes the screen: its key, its stack or children, and what it presents.
  ///
  /// A container without children is a plain screen, and is written as one.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: `EncodingError.invalidValue` for a screen named by its instance, a negative
  ///   index or a coordinate that isn't finite.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: NodeField.self)
    try key.encode(into: &container, key: .key, navigationController: .navigationController)
    switch content {
    case .screen: break
    case .stack(let entries): try container.encode(entries, forKey: .stack)
    case .container(let children):
      if !children.isEmpty { try container.encode(children, forKey: .children) }
    }
    try container.encodeIfPresent(presentation, forKey: .presents)
  }
}

extension NavigationState.Presentation: Codable where Key: Codable {
  /// Decodes a presentation: `{"style": …, "anchor": …, "screen": …}`, the anchor optional.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError` for a missing style or screen, an unknown style, or a
  ///   malformed anchor or screen.
  public init(from decoder: any Decoder) throws {
    let container = try StateCoding.container(
      of: decoder, keyedBy: PresentationField.self, named: "a presentation")
    let style = try container.decode(ModalPresentationStyle.self, forKey: .style)
    let anchor = try container.decodeIfPresent(NavigationState.Anchor.self, forKey: .anchor)
    self.init(try container.decode(NavigationState.Node.self, forKey: .screen), style: style, anchor: anchor)
  }

  /// Encodes the presentation: its style by name, its anchor when it has one, its screen.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: `EncodingError.invalidValue` for a screen named by its instance, a negative
  ///   index or a coordinate that isn't finite.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: PresentationField.self)
    try container.encode(style, forKey: .style)
    try container.encodeIfPresent(anchor, forKey: .anchor)
    try container.encode(screen, forKey: .screen)
  }
}

extension NavigationState.Anchor: Codable where Key: Codable {
  /// Decodes an anchor: an object with exactly one of `"barButtonItem"`, `"view"` and
  /// `"unnamed"`.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError` for an object with none or several of those fields, an
  ///   unknown side, a negative index, or a rectangle that isn't finite.
  public init(from decoder: any Decoder) throws {
    let container = try StateCoding.container(of: decoder, keyedBy: AnchorField.self, named: "an anchor")
    guard container.allKeys.count == 1, let field = container.allKeys.first else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: container.codingPath,
          debugDescription: "an anchor has exactly one of \"barButtonItem\", \"view\" and \"unnamed\""))
    }
    switch field {
    case .barButtonItem:
      let item = try container.decode(BarButtonItemAnchor<Key>.self, forKey: .barButtonItem)
      self = .barButtonItem(item.side, index: item.index, of: item.owner)
    case .view:
      let view = try container.decode(ViewAnchor<Key>.self, forKey: .view)
      self = .view(of: view.owner, path: view.path, rect: view.rect)
    case .unnamed:
      self = .unnamed(try container.decode(String.self, forKey: .unnamed))
    }
  }

  /// Encodes the anchor as an object with one field: `"barButtonItem"`, `"view"` or
  /// `"unnamed"`.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: `EncodingError.invalidValue` for a screen named by its instance, a negative
  ///   index or a rectangle that isn't finite.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: AnchorField.self)
    switch self {
    case .barButtonItem(let side, let index, let owner):
      try container.encode(
        BarButtonItemAnchor(side: side, index: index, owner: owner), forKey: .barButtonItem)
    case .view(let owner, let path, let rect):
      try container.encode(ViewAnchor(owner: owner, path: path, rect: rect), forKey: .view)
    case .unnamed(let text):
      try container.encode(text, forKey: .unnamed)
    }
  }
}

/// An anchor's `"barButtonItem"` object: `{"side": "right", "index": 0, "of": <screen key>}`.
private struct BarButtonItemAnchor<Key: Hashable & Sendable & Codable>: Codable {
  var side: BarSide
  var index: Int
  var owner: ScreenKey<Key>

  init(side: BarSide, index: Int, owner: ScreenKey<Key>) {
    self.side = side
    self.index = index
    self.owner = owner
  }

  init(from decoder: any Decoder) throws {
    let container = try StateCoding.container(
      of: decoder, keyedBy: BarButtonItemField.self, named: "a bar button item anchor")
    index = try container.decode(Int.self, forKey: .index)
    guard index >= 0 else {
      throw DecodingError.dataCorruptedError(
        forKey: .index, in: container,
        debugDescription: "a bar button item's index can't be negative (\(index))")
    }
    side = try container.decode(BarSide.self, forKey: .side)
    owner = try container.decode(ScreenKey<Key>.self, forKey: .of)
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: BarButtonItemField.self)
    guard index >= 0 else {
      throw EncodingError.invalidValue(
        index,
        EncodingError.Context(
          codingPath: container.codingPath + [BarButtonItemField.index],
          debugDescription: "a bar button item's index can't be negative (\(index))"))
    }
    try container.encode(side, forKey: .side)
    try container.encode(index, forKey: .index)
    try container.encode(owner, forKey: .of)
  }
}

/// An anchor's `"view"` object: `{"of": <screen key>, "path": [0, 2], "rect": <rect>}`.
private struct ViewAnchor<Key: Hashable & Sendable & Codable>: Codable {
  var owner: ScreenKey<Key>
  var path: [Int]
  var rect: Rect

  init(owner: ScreenKey<Key>, path: [Int], rect: Rect) {
    self.owner = owner
    self.path = path
    self.rect = rect
  }

  init(from decoder: any Decoder) throws {
    let container = try StateCoding.container(
      of: decoder, keyedBy: ViewAnchorField.self, named: "a view anchor")
    path = try container.decode([Int].self, forKey: .path)
    if let index = path.first(where: { $0 < 0 }) {
      throw DecodingError.dataCorruptedError(
        forKey: .path, in: container,
        debugDescription: "a view path's subview index can't be negative (\(index))")
    }
    owner = try container.decode(ScreenKey<Key>.self, forKey: .of)
    rect = try container.decode(Rect.self, forKey: .rect)
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: ViewAnchorField.self)
    if let index = path.first(where: { $0 < 0 }) {
      throw EncodingError.invalidValue(
        path,
        EncodingError.Context(
          codingPath: container.codingPath + [ViewAnchorField.path],
          debugDescription: "a view path's subview index can't be negative (\(index))"))
    }
    try container.encode(owner, forKey: .of)
    try container.encode(path, forKey: .path)
    try container.encode(rect, forKey: .rect)
  }
}

extension ScreenKey: Codable where Key: Codable {
  /// Decodes a screen key: `{"key": …}` or `{"navigationController": true}`.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError` for an object with both or neither of those fields,
  ///   `"navigationController": false`, or another field.
  public init(from decoder: any Decoder) throws {
    let container = try StateCoding.container(
      of: decoder, keyedBy: ScreenKeyField.self, named: "a screen key")
    self = try Self.decode(from: container, key: .key, navigationController: .navigationController)
  }

  /// Encodes the key: `{"key": …}` or `{"navigationController": true}`.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: `EncodingError.invalidValue` for ``instance(_:)``: a screen without a key of
  ///   type `Key` can't be made again, so it can't be saved.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: ScreenKeyField.self)
    try encode(into: &container, key: .key, navigationController: .navigationController)
  }

  /// Reads the key from the fields `key` and `navigationController` of `container`, which
  /// is a screen key's own object or a screen's.
  fileprivate static func decode<Field: CodingKey>(
    from container: KeyedDecodingContainer<Field>, key: Field, navigationController: Field
  ) throws -> ScreenKey {
    switch (container.contains(key), container.contains(navigationController)) {
    case (true, true):
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: container.codingPath,
          debugDescription: "a screen has a \"key\" or \"navigationController\": true, not both"))
    case (true, false):
      return .key(try container.decode(Key.self, forKey: key))
    case (false, true):
      guard try container.decode(Bool.self, forKey: navigationController) else {
        throw DecodingError.dataCorruptedError(
          forKey: navigationController, in: container,
          debugDescription:
            "\"navigationController\" can only be true; a screen of another kind needs a \"key\"")
      }
      return .navigationController
    case (false, false):
      throw DecodingError.keyNotFound(
        key,
        DecodingError.Context(
          codingPath: container.codingPath,
          debugDescription: "a screen needs a \"key\" or \"navigationController\": true"))
    }
  }

  /// Writes the key into the fields `key` and `navigationController` of `container`.
  fileprivate func encode<Field: CodingKey>(
    into container: inout KeyedEncodingContainer<Field>, key: Field, navigationController: Field
  ) throws {
    switch self {
    case .key(let value):
      try container.encode(value, forKey: key)
    case .navigationController:
      try container.encode(true, forKey: navigationController)
    case .instance(let screen):
      throw EncodingError.invalidValue(
        self,
        EncodingError.Context(
          codingPath: container.codingPath,
          debugDescription:
            "screen \"\(screen.name)\" has no navigationKey of type \(Key.self), so it can't be saved; "
            + "give it one (ViewController.navigationKey)"))
    }
  }
}

/// Reading the objects of a saved state.
enum StateCoding {
  /// The keyed container of `decoder`, after checking that the object has no field other
  /// than `Field`'s.
  ///
  /// - Parameter what: The object, for the error: "a screen".
  static func container<Field: CodingKey & CaseIterable>(
    of decoder: any Decoder, keyedBy _: Field.Type, named what: String
  ) throws -> KeyedDecodingContainer<Field> {
    let allFields = try decoder.container(keyedBy: AnyField.self)
    let known = Field.allCases.map(\.stringValue)
    if let unknown = allFields.allKeys.map(\.stringValue).sorted().first(where: { !known.contains($0) }) {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: decoder.codingPath + [AnyField(stringValue: unknown)],
          debugDescription:
            "\(what) has no field \"\(unknown)\"; its fields are "
            + known.map { "\"\($0)\"" }.joined(separator: ", ")))
    }
    return try decoder.container(keyedBy: Field.self)
  }
}

/// Any field name: for finding the fields a shape doesn't have.
private struct AnyField: CodingKey {
  let stringValue: String
  var intValue: Int? { nil }
  init(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { return nil }
}

private enum StateField: String, CodingKey, CaseIterable {
  case root
}

private enum NodeField: String, CodingKey, CaseIterable {
  case key, navigationController, stack, children, presents
}

private enum PresentationField: String, CodingKey, CaseIterable {
  case style, anchor, screen
}

private enum AnchorField: String, CodingKey, CaseIterable {
  case barButtonItem, view, unnamed
}

private enum BarButtonItemField: String, CodingKey, CaseIterable {
  case side, index, of
}

private enum ViewAnchorField: String, CodingKey, CaseIterable {
  case of, path, rect
}

private enum ScreenKeyField: String, CodingKey, CaseIterable {
  case key, navigationController
}
