/// The traits of a window's environment: UIKit's `UITraitCollection`, reduced to what
/// presentation needs.
public struct TraitCollection: Hashable, Sendable {
  /// The width class: compact on a phone in portrait, regular on a tablet.
  public var horizontalSizeClass: UserInterfaceSizeClass

  /// Creates traits.
  ///
  /// - Parameter horizontalSizeClass: The width class; regular by default.
  public init(horizontalSizeClass: UserInterfaceSizeClass = .regular) {
    self.horizontalSizeClass = horizontalSizeClass
  }
}
