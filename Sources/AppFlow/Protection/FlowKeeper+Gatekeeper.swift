import Navigator

/// The app controller's gatekeeper is its flow keeper, which the navigator and the window
/// already hold weakly: the protection keeper behind it is made at the first protected
/// navigation, so that a session without protections holds neither it nor another weakly
/// referenced object.
extension FlowKeeper: NavigationGatekeeper {
  /// Asked about state navigations only when a route (or a running restoration) has a
  /// protection.
  var admitsKeys: Bool {
    guard let app else { return false }
    return app.existingProtectionKeeper?.admitsKeys ?? app.routes.hasProtections
  }

  /// Hands the admission to the app controller's protection keeper.
  func admit(_ admission: NavigationAdmission) {
    guard let app else { return ProtectionKeeper.refuseOrphaned(admission) }
    app.protectionKeeper.admit(admission)
  }
}
