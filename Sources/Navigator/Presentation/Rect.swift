/// A rectangle in a view's coordinate space: UIKit's `CGRect`, in `Double`s.
public struct Rect: Hashable, Sendable {
  /// The x-coordinate of the origin.
  public var x: Double
  /// The y-coordinate of the origin.
  public var y: Double
  /// The width.
  public var width: Double
  /// The height.
  public var height: Double

  /// Creates a rectangle.
  ///
  /// - Parameters:
  ///   - x: The x-coordinate of the origin.
  ///   - y: The y-coordinate of the origin.
  ///   - width: The width.
  ///   - height: The height.
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// The rectangle at the origin with no size.
  public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)
}
