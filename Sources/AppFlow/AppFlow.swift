import Navigator

/// The version of the AppFlow module's public surface.
///
/// AppFlow builds on ``Navigator`` and will hold what an application needs: the app
/// controller, flows, routes, protection, caching and state restoration.
public enum AppFlowVersion {
  /// The current version.
  public static let current = "0.1.0"
}
