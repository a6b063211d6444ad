extension Navigator {
  /// Dismisses what the origin (the visible screen by default) presented, or, when it
  /// presented nothing, the presentation it is in; a refused check goes to the window's
  /// misuse policy and to `onFailure`.
  ///
  /// The facade's form of ``ViewController/dismiss(animated:completion:)``: a window's
  /// ``Window/inputObserver`` hears it as ``WindowInput/dismiss(origin:animated:)``.
  ///
  /// ```swift
  /// navigator.dismiss()                                   // the visible screen's sheet
  /// navigator.dismiss(options: .init().from(sheet).animated(false))
  /// ```
  ///
  /// - Parameter options: Animation, origin and the option closures; the options' screen is
  ///   the dismissed one (the bottom of the presentations removed).
  public func dismiss(options: NavigationOptions<ViewController> = NavigationOptions()) {
    reportingMisuse { () throws(NavigationError) in
      try tryDismiss(options: options)
    }
  }

  /// Dismisses what the origin presented, or the presentation it is in, throwing when a
  /// check refuses it.
  ///
  /// - Parameter options: Animation, origin and the option closures.
  /// - Throws: ``NavigationError/Code/invalidRequest`` when the origin presents nothing and
  ///   is in no presentation (naming the origin); an origin not in a visible window as for
  ///   every navigator call. Nothing changes then. While the window is busy, the dismissal
  ///   waits in its queue as ``ViewController/dismiss(animated:completion:)`` does.
  public func tryDismiss(options: NavigationOptions<ViewController> = NavigationOptions())
    throws(NavigationError)
  {
    let observer = window.beginInput(.dismiss(origin: options.origin, animated: options.isAnimated))
    defer { observer?.windowDidHandleInput(window) }
    try attempt(options) { () throws(NavigationError) in
      let origin = try origin(options, for: "dismiss")
      guard let dismissed = origin.presentedViewController ?? origin.presentedAncestor else {
        throw NavigationError(
          .invalidRequest,
          "Can't dismiss from \(origin.screenID): it presents no screen and is in no presentation.",
          screens: [origin.screenID])
      }
      options.successHandler?(dismissed)
      origin.dismiss(animated: options.isAnimated) {
        options.completionHandler?(dismissed)
      }
    }
  }
}
