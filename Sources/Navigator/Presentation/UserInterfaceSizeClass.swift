/// A size class: UIKit's `UIUserInterfaceSizeClass`.
public enum UserInterfaceSizeClass: Hashable, Sendable, CustomStringConvertible {
  /// A constrained space, such as a phone's width in portrait.
  case compact
  /// An expansive space, such as a tablet's width.
  case regular

  /// The size class's name.
  public var description: String {
    switch self {
    case .compact: "compact"
    case .regular: "regular"
    }
  }
}
