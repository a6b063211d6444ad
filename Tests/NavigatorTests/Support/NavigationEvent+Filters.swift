import Navigator

extension [NavigationEvent] {
  /// The pop-block events, in order.
  var popBlocks: [NavigationEvent] {
    filter { event in
      if case .popBlock = event { true } else { false }
    }
  }

  /// The navigation-bar and toolbar changes, in order.
  var barChanges: [NavigationEvent] {
    filter { event in
      switch event {
      case .navigationBarHidden, .toolbarHidden: true
      default: false
      }
    }
  }
}
