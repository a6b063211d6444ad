/// The version of the AppFlow module's public surface.
///
/// AppFlow builds on `Navigator` and holds what an application needs: the app controller
/// (``AppController``), and later flows, routes, protection, caching and state restoration.
public enum AppFlowVersion {
  /// The current version.
  public static let current = "0.2.0"
}
