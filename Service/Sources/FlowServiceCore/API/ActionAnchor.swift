import Navigator

/// Where a `popover` action's popover points, on the visible screen: one of its navigation
/// item's bar button items, or a rectangle in one of its views.
///
/// In JSON, an object with one field:
/// `{"barButtonItem": {"side": "right", "index": 0}}` or
/// `{"view": {"path": [0, 1], "rect": {"x": 0, "y": 0, "width": 44, "height": 44}}}`, where
/// `path` goes down the screen's view's subviews by index (`[]`, the default, is the screen's
/// view itself).
enum ActionAnchor: Codable, Hashable, Sendable {
  /// A bar button item of the visible screen's navigation item: the `index`th on `side`.
  case barButtonItem(side: BarSide, index: Int)
  /// A rectangle in the view at `path` under the visible screen's view.
  case view(path: [Int], rect: AnchorRect)

  /// A rectangle in a view's coordinates.
  struct AnchorRect: Codable, Hashable, Sendable {
    var x: Double
    var y: Double
    var width: Double
    var height: Double

    /// The engine's rectangle.
    var rect: Rect { Rect(x: x, y: y, width: width, height: height) }
  }

  private enum Field: String, CodingKey {
    case barButtonItem, view
  }

  private struct BarButtonItemFields: Codable {
    var side: BarSide
    var index: Int
  }

  private struct ViewFields: Codable {
    var path: [Int]?
    var rect: AnchorRect
  }

  /// Decodes an anchor: an object with exactly one of `barButtonItem` and `view`.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError` when the object has neither field or both, or a field is not
  ///   what it should be.
  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Field.self)
    switch (container.contains(.barButtonItem), container.contains(.view)) {
    case (true, false):
      let item = try container.decode(BarButtonItemFields.self, forKey: .barButtonItem)
      self = .barButtonItem(side: item.side, index: item.index)
    case (false, true):
      let view = try container.decode(ViewFields.self, forKey: .view)
      self = .view(path: view.path ?? [], rect: view.rect)
    default:
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: container.codingPath,
          debugDescription: "an anchor has exactly one of 'barButtonItem' and 'view'"))
    }
  }

  /// Encodes the anchor as an object with one field.
  ///
  /// - Parameter encoder: The encoder to write to.
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Field.self)
    switch self {
    case .barButtonItem(let side, let index):
      try container.encode(BarButtonItemFields(side: side, index: index), forKey: .barButtonItem)
    case .view(let path, let rect):
      try container.encode(ViewFields(path: path, rect: rect), forKey: .view)
    }
  }

  /// The engine's anchor on `screen`.
  ///
  /// - Parameter screen: The visible screen.
  /// - Returns: The anchor.
  /// - Throws: 409 `noSuchAnchor` when the screen has no such bar button item or view.
  func resolved(on screen: ViewController) throws(ServiceError) -> PopoverAnchor {
    switch self {
    case .barButtonItem(let side, let index):
      let items =
        side == .left ? screen.navigationItem.leftBarButtonItems : screen.navigationItem.rightBarButtonItems
      guard items.indices.contains(index) else {
        throw ServiceError(
          status: 409, code: "noSuchAnchor",
          message:
            "\(screen.screenID) has \(items.count) \(side) bar button item\(items.count == 1 ? "" : "s"): "
            + "there is none at index \(index).")
      }
      return .barButtonItem(items[index])
    case .view(let path, let rect):
      var view = screen.view
      for (depth, index) in path.enumerated() {
        guard view.subviews.indices.contains(index) else {
          throw ServiceError(
            status: 409, code: "noSuchAnchor",
            message:
              "\(screen.screenID)'s view has no subview at path \(Array(path[...depth])): "
              + "the view there has \(view.subviews.count) subview\(view.subviews.count == 1 ? "" : "s").")
        }
        view = view.subviews[index]
      }
      return .view(view, rect: rect.rect)
    }
  }
}
