/// A colour, in the sRGB space, with components from 0 to 1.
///
/// The headless model needs colour only to know whether a screen's view has a background.
public struct Color: Hashable, Sendable {
  /// The red component, from 0 to 1.
  public var red: Double
  /// The green component, from 0 to 1.
  public var green: Double
  /// The blue component, from 0 to 1.
  public var blue: Double
  /// The opacity, from 0 (transparent) to 1 (opaque).
  public var alpha: Double

  /// Creates a colour from its components.
  ///
  /// - Parameters:
  ///   - red: The red component, from 0 to 1.
  ///   - green: The green component, from 0 to 1.
  ///   - blue: The blue component, from 0 to 1.
  ///   - alpha: The opacity, from 0 to 1.
  public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// Opaque white.
  public static let white = Color(red: 1, green: 1, blue: 1)
  /// Opaque black.
  public static let black = Color(red: 0, green: 0, blue: 0)
  /// Fully transparent.
  public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
  /// The default background of a screen (white, as UIKit's light appearance).
  public static let systemBackground = Color.white
}
