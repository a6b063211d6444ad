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
    }

    /// What the navigation was asked to show.
    public enum Target: Hashable, Sendable {
      /// A given screen.
      case instance(ScreenID)
      /// A new screen of the named type (or made by a factory for it).
      case type(String)
      /// A new screen from a catalogue's scene (`nil`: the initial one), of the named type.
      case scene(storyboard: String, identifier: String?, type: String)
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
    /// The screen the navigation was asked to start from (``NavigationOptions/from(_:)``),
    /// or the container of an added or removed child; `nil` for the visible screen.
    public let origin: ScreenID?

    /// Creates a request value.
    ///
    /// - Parameters:
    ///   - kind: The kind of navigation.
    ///   - target: What the navigation was asked to show.
    ///   - data: The data passed to the screen.
    ///   - isAnimated: Whether the navigation was asked to animate.
    ///   - embedding: The name of the container, if any.
    ///   - origin: The screen the navigation starts from, or the container of a child;
    ///     `nil` for the visible screen.
    public init(
      _ kind: Kind, _ target: Target, data: AnyHashable? = nil, isAnimated: Bool = true,
      embedding: String? = nil, from origin: ScreenID? = nil
    ) {
      self.kind = kind
      self.target = target
      self.data = data
      self.isAnimated = isAnimated
      self.embedding = embedding
      self.origin = origin
    }

    init<Screen>(
      _ kind: Kind, _ destination: Destination<Screen>, _ options: NavigationOptions<Screen>,
      container: ViewController? = nil
    ) {
      self.init(
        kind, destination.recorded, data: options.recordedData, isAnimated: options.isAnimated,
        embedding: options.embedding?.name, from: (container ?? options.origin)?.screenID)
    }

    /// A compact, readable form.
    public var description: String {
      var parts = ["\(kind)", "\(target)"]
      if let data { parts.append("data: \(data)") }
      if !isAnimated { parts.append("animated: false") }
      if let embedding { parts.append("in: \(embedding)") }
      if let origin { parts.append("from: \(origin)") }
      return "Request(" + parts.joined(separator: ", ") + ")"
    }
  }
}
