/// The directions a popover's arrow may point: UIKit's `UIPopoverArrowDirection`.
///
/// UIKit's `unknown` is not a valid value to permit, so it has no member here.
public struct PopoverArrowDirection: OptionSet, Hashable, Sendable {
  /// The bits of the set.
  public let rawValue: UInt

  /// Creates a set from its bits.
  ///
  /// - Parameter rawValue: The bits of the set.
  public init(rawValue: UInt) {
    self.rawValue = rawValue
  }

  /// An arrow pointing up.
  public static let up = PopoverArrowDirection(rawValue: 1 << 0)
  /// An arrow pointing down.
  public static let down = PopoverArrowDirection(rawValue: 1 << 1)
  /// An arrow pointing left.
  public static let left = PopoverArrowDirection(rawValue: 1 << 2)
  /// An arrow pointing right.
  public static let right = PopoverArrowDirection(rawValue: 1 << 3)
  /// An arrow pointing in any direction.
  public static let any: PopoverArrowDirection = [.up, .down, .left, .right]
}
