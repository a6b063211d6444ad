extension Navigator {
  /// What a navigator was asked to do, as a value a test can compare.
  ///
  /// ```swift
  /// navigator.isRecordingRequests = true
  /// flow.payTapped()
  /// #expect(navigator.recordedRequests == [
  ///   .init(.push, .type("CardForm"), data: card)
  /// ])
  /// ```
  public struct Request: Equatable, CustomStringConvertible {
    /// The kind of navigation.
    public enum Kind: Hashable, Sendable {
      /// Push onto a navigation stack.
      case push
      /// Present modally.
      case presentModal
      /// Present as a popover.
      case popover
      /// Add a child to a container.
      case addChild
      /// Remove a child from its container.
      case removeChild
      /// ``Navigator/navigate(to:options:)``.
      case navigate
    }

    /// What the navigation was asked to show.
    public enum Target: Hashable, Sendable {
      /// A given screen.
      case instance(ScreenID)
      /// A new screen of the named type (or made by a factory for it).
      case type(String)
      /// A new screen from a catalogue's scene (`nil`: the initial one), of the named type.
      case scene(storyboard: String, identifier: String?, type: String)
      /// A target state, its keys erased.
      case state(NavigationState<AnyScreenKey>)
    }

    /// Where a popover was asked to point, compared by identity: the same bar button item,
    /// or the same view and rectangle.
    ///
    /// An anchor holds no reference to the item or the view, so recorded requests never keep
    /// them alive; its ``description`` is for reading only, and does not take part in
    /// equality.
    public struct Anchor: Hashable, Sendable, CustomStringConvertible {
      private enum Identity: Hashable, Sendable {
        case barButtonItem(ObjectIdentifier)
        case view(ObjectIdentifier, rect: Rect)
      }

      private let identity: Identity
      /// A readable form: the item's title, or the view's screen and the rectangle.
      public let description: String

      /// Records a popover's anchor.
      ///
      /// - Parameter anchor: The anchor the popover was asked to point at.
      public init(_ anchor: PopoverAnchor) {
        switch anchor {
        case .barButtonItem(let item):
          identity = .barButtonItem(ObjectIdentifier(item))
          description = "barButtonItem(\"\(item.title ?? "untitled")\")"
        case .view(let view, let rect):
          identity = .view(ObjectIdentifier(view), rect: rect)
          let owner = view.owningViewController.map { "view of \($0.screenID)" } ?? "view"
          description = "\(owner), rect: (\(rect.x), \(rect.y), \(rect.width), \(rect.height))"
        }
      }

      /// The anchor of a popover that points at a bar button item.
      ///
      /// - Parameter item: The bar button item.
      /// - Returns: The recorded anchor.
      public static func barButtonItem(_ item: BarButtonItem) -> Anchor {
        Anchor(.barButtonItem(item))
      }

      /// The anchor of a popover that points at a rectangle in a view.
      ///
      /// - Parameters:
      ///   - view: The source view.
      ///   - rect: The rectangle, in the view's coordinate space.
      /// - Returns: The recorded anchor.
      public static func view(_ view: View, rect: Rect) -> Anchor {
        Anchor(.view(view, rect: rect))
      }

      /// Returns a Boolean value indicating whether two anchors name the same item, or the
      /// same view and rectangle.
      ///
      /// - Parameters:
      ///   - lhs: An anchor.
      ///   - rhs: Another anchor.
      /// - Returns: `true` when both point at the same place.
      public static func == (lhs: Anchor, rhs: Anchor) -> Bool { lhs.identity == rhs.identity }

      /// Hashes the anchor's identity.
      ///
      /// - Parameter hasher: The hasher to feed.
      public func hash(into hasher: inout Hasher) { hasher.combine(identity) }
    }

    /// The kind of navigation.
    public let kind: Kind
    /// What the navigation was asked to show.
    public let target: Target
    /// The data passed to the screen, if any (its description when it is not `Hashable`).
    public let data: AnyHashable?
    /// A Boolean value indicating whether the navigation was asked to animate.
    public let isAnimated: Bool
    /// The name of the container the screen was to be embedded in, if any.
    public let embedding: String?
    /// The presentation style a modal presentation was asked to give the shown screen;
    /// `nil` for its own style, and for every other kind (a popover's style is always
    /// ``ModalPresentationStyle/popover``).
    public let presentationStyle: ModalPresentationStyle?
    /// Where a popover was asked to point; `nil` for every other kind.
    public let anchor: Anchor?
    /// The screen the navigation was asked to start from (``NavigationOptions/from(_:)``),
    /// or the container of an added or removed child; `nil` for the visible screen.
    public let origin: ScreenID?
    /// The key the navigation was asked to keep its screen alive under
    /// (``NavigationOptions/keepAlive(within:identifier:)``), if any.
    public let keepAlive: KeepAliveKey?
    /// The data passed to the screen as it was given, for a session recorder (which writes
    /// it when it is `Codable`); not part of equality.
    var passed: PassedData

    /// Creates a request value.
    ///
    /// - Parameters:
    ///   - kind: The kind of navigation.
    ///   - target: What the navigation was asked to show.
    ///   - data: The data passed to the screen.
    ///   - isAnimated: Whether the navigation was asked to animate.
    ///   - embedding: The name of the container, if any.
    ///   - presentationStyle: The style a modal presentation was asked for, if any.
    ///   - anchor: Where a popover was asked to point, if it is one.
    ///   - origin: The screen the navigation starts from, or the container of a child;
    ///     `nil` for the visible screen.
    ///   - keepAlive: The key the screen was to be kept alive under, if any.
    public init(
      _ kind: Kind, _ target: Target, data: AnyHashable? = nil, isAnimated: Bool = true,
      embedding: String? = nil, presentationStyle: ModalPresentationStyle? = nil, anchor: Anchor? = nil,
      from origin: ScreenID? = nil, keepAlive: KeepAliveKey? = nil
    ) {
      self.kind = kind
      self.target = target
      self.data = data
      self.isAnimated = isAnimated
      self.embedding = embedding
      self.presentationStyle = presentationStyle
      self.anchor = anchor
      self.origin = origin
      self.keepAlive = keepAlive
      self.passed = PassedData(value: data?.base)
    }

    init<Screen>(
      _ kind: Kind, _ destination: Destination<Screen>, _ options: NavigationOptions<Screen>,
      container: ViewController? = nil, presentationStyle: ModalPresentationStyle? = nil,
      anchor: PopoverAnchor? = nil
    ) {
      self.init(
        kind, destination.recorded, data: options.passedData.map(PassedData.recorded),
        isAnimated: options.isAnimated,
        embedding: options.embedding?.name, presentationStyle: presentationStyle,
        anchor: anchor.map(Anchor.init),
        from: (container ?? options.origin)?.screenID, keepAlive: options.keepAliveRequest?.key)
      passed = PassedData(value: options.passedData)
    }

    /// A compact, readable form.
    public var description: String {
      var parts = ["\(kind)", "\(target)"]
      if let data { parts.append("data: \(data)") }
      if !isAnimated { parts.append("animated: false") }
      if let embedding { parts.append("in: \(embedding)") }
      if let presentationStyle { parts.append("style: \(presentationStyle)") }
      if let anchor { parts.append("anchor: \(anchor)") }
      if let origin { parts.append("from: \(origin)") }
      if let keepAlive { parts.append("keepAlive: \(keepAlive)") }
      return "Request(" + parts.joined(separator: ", ") + ")"
    }
  }
}

/// The data a request passes to its screen, as it was given; equal to any other, so that
/// requests compare by ``Navigator/Request/data``.
struct PassedData: Equatable {
  /// The value, if any.
  let value: Any?

  /// Requests compare by their recorded data, not by this value.
  static func == (lhs: PassedData, rhs: PassedData) -> Bool { true }

  /// The data as a request records it: the value when it is `Hashable`, else its
  /// description.
  static func recorded(_ data: Any) -> AnyHashable {
    data as? AnyHashable ?? AnyHashable(String(describing: data))
  }
}
