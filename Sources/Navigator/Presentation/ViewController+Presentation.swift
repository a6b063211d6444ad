extension ViewController {
  // MARK: Relationships

  /// The screen that this screen, or the closest of its ancestors that presents, presented.
  ///
  /// A full-screen presentation is made by the screen that covers the window, so a child
  /// that presents sees the same screen here as its container.
  public var presentedViewController: ViewController? {
    var screen: ViewController? = self
    while let current = screen {
      if let presented = current.presented { return presented }
      screen = current.parent
    }
    return nil
  }

  /// The screen that presented this screen, or the closest of its ancestors that is
  /// presented.
  public var presentingViewController: ViewController? {
    var screen: ViewController? = self
    while let current = screen {
      if let presenter = current.presenter { return presenter }
      screen = current.parent
    }
    return nil
  }

  /// The controller that manages this screen's presentation, created on first access.
  ///
  /// Never `nil` here; optional as in UIKit. For a popover, set the delegate on
  /// ``popoverPresentationController`` instead.
  public var presentationController: PresentationController? {
    if let controller = presentationState.sheetController { return controller }
    let controller = PresentationController(presented: self)
    presentationState.sheetController = controller
    return controller
  }

  /// The controller that manages this screen as a popover, when its
  /// ``modalPresentationStyle`` is ``ModalPresentationStyle/popover``; `nil` otherwise.
  public var popoverPresentationController: PopoverPresentationController? {
    guard modalPresentationStyle == .popover else { return nil }
    if let controller = presentationState.popoverController { return controller }
    let controller = PopoverPresentationController(presented: self)
    presentationState.popoverController = controller
    return controller
  }

  // MARK: Presenting and dismissing

  /// Presents a screen modally.
  ///
  /// The structure changes at once: ``presentedViewController`` and
  /// ``presentingViewController`` are set, the presented view is loaded and put in the
  /// window. Callbacks follow the window's scheduler, in UIKit's order; for a style that
  /// covers the presenter (``ModalPresentationStyle/fullScreen``,
  /// ``ModalPresentationStyle/currentContext``):
  ///
  /// `P.viewDidLoad` → `A.viewWillDisappear` → `P.viewWillAppear` → `A.viewDidDisappear`
  /// → `P.viewDidAppear` → completion.
  ///
  /// Other styles leave the presenter on screen and give it no callbacks.
  ///
  /// Who presents follows UIKit: the screen that covers the window (this screen's topmost
  /// container) for most styles, the screen that ``definesPresentationContext`` (else the
  /// topmost container) for current-context styles.
  ///
  /// Misuse (this screen already presenting, not in a visible window, presenting a screen
  /// that is presented, has a parent, is a window's root or contains this screen, a
  /// popover without an anchor in the window) changes nothing and follows the window's
  /// ``MisusePolicy``. Deliberate difference: UIKit ignores a present during a running
  /// transition; the model queues it.
  ///
  /// - Parameters:
  ///   - viewControllerToPresent: The screen to present.
  ///   - animated: A Boolean value indicating whether the presentation animates.
  ///   - completion: Runs after the last did-callback.
  public func present(
    _ viewControllerToPresent: ViewController, animated: Bool, completion: (() -> Void)? = nil
  ) {
    guard let window = journalWindow else {
      Misuse.handle(notInWindowError(presenting: viewControllerToPresent, on: self), in: nil)
      return
    }
    guard
      window.admit(.present(viewControllerToPresent, from: self, animated: animated, completion: completion))
    else { return }
    presentNow(viewControllerToPresent, animated: animated, completion: completion)
  }

  /// Dismisses the screen this screen presented, or, if it presented none, this screen.
  ///
  /// Dismissing a screen that presented a chain removes every screen above it; only the
  /// top one animates, and only screens on screen get callbacks. For a style that covered
  /// the presenter:
  ///
  /// `P.viewWillDisappear` → `A.viewWillAppear` → `P.viewDidDisappear` → `A.viewDidAppear`
  /// → completion.
  ///
  /// Dismissing where nothing is presented is a misuse (UIKit ignores it silently).
  ///
  /// - Parameters:
  ///   - animated: A Boolean value indicating whether the dismissal animates.
  ///   - completion: Runs after the last did-callback.
  public func dismiss(animated: Bool, completion: (() -> Void)? = nil) {
    guard let window = journalWindow else {
      Misuse.handle(nothingToDismissError(), in: nil)
      return
    }
    guard window.admit(.dismiss(self, animated: animated, completion: completion)) else { return }
    dismissNow(animated: animated, completion: completion)
  }

  // MARK: Teardown

  /// Tears down the screens this one presented, before it leaves its window.
  ///
  /// The presented screens are unlinked and their views leave the window at once.
  ///
  /// - Returns: The screens removed, top first, so the caller can make those on screen
  ///   disappear.
  @discardableResult
  internal func dismissPresentedChainForRemoval() -> [ViewController] {
    let chain = presentationsInTree().flatMap { $0.presentationChain() }
    let window = journalWindow
    for screen in chain.reversed() {
      screen.unlinkPresentation(window: window)
      screen.didLeaveHierarchy()
    }
    return chain.reversed()
  }
}

// MARK: - Implementation

extension ViewController {
  /// Presents a screen once the window is free: a request that ran at once, or waited.
  func presentNow(_ presented: ViewController, animated: Bool, completion: (() -> Void)?) {
    guard let window = journalWindow else {
      Misuse.handle(notInWindowError(presenting: presented, on: self), in: nil)
      return
    }
    presentNow(
      presented, animated: animated, completion: completion,
      request: .present(presented.screenID, from: screenID, animated: animated), window: window)
  }

  func presentNow(
    _ presented: ViewController, animated: Bool, completion: (() -> Void)?,
    request: NavigationRequest, window: Window
  ) {
    if let error = presentationError(presenting: presented, window: window) {
      Misuse.handle(error, in: window)
      return
    }
    window.perform(
      applyPresentation(
        presented, animated: animated, completion: completion, request: request, window: window))
  }

  /// Links `presented` to its presenter (this screen, or the one UIKit moves the
  /// presentation up to), puts its view in place and announces it, then returns the
  /// transition's appearance phases: the part of a presentation after its checks.
  func applyPresentation(
    _ presented: ViewController, animated: Bool, completion: (() -> Void)?, request: NavigationRequest,
    window: Window
  ) -> PresentationPlan {
    let style = presented.modalPresentationStyle
    let presenter = style.usesPresentationContext ? presentationContext : coveringScreen
    let activeStyle = presented.adaptedStyle(in: window)
    let container =
      activeStyle.usesPresentationContext ? (presenter.view.superview ?? window) : window

    presenter.presented = presented
    presented.presenter = presenter
    presented.adopt(window)
    // The state and the presenter's view read once each: every read retains what it returns.
    let state = presented.presentationState
    state.activeStyle = activeStyle
    presented.loadViewIfNeeded()
    var covered: ViewController?
    if activeStyle.removesPresenter {
      covered = presenter
      let view = presenter.view
      state.coveredView = CoveredView(view: view, superview: view.superview)
      view.detachFromSuperview()
    }
    container.attach(presented.view)
    presenter.announceJoining(presented, in: window)
    return PresentationPlan(
      window: window, presented: presented, covered: covered, isAnimated: animated,
      request: request, completion: completion)
  }

  /// Dismisses once the window is free: a request that ran at once, or waited.
  func dismissNow(animated: Bool, completion: (() -> Void)?) {
    guard let window = journalWindow else {
      Misuse.handle(nothingToDismissError(), in: nil)
      return
    }
    let request = NavigationRequest.dismiss(screenID, animated: animated)
    let bottom: ViewController
    if let presented = presentedViewController {
      bottom = presented
    } else if let presentedAncestor = presentedAncestor {
      bottom = presentedAncestor
    } else {
      Misuse.handle(nothingToDismissError(), in: window)
      return
    }
    window.perform(
      bottom.removePresentation(
        window: window, animated: animated, trigger: .programmatic, request: request, completion: completion))
  }

  /// Removes this presented screen and every screen above it, and plans their callbacks.
  internal func removePresentation(
    window: Window, animated: Bool, trigger: DismissalTrigger, request: NavigationRequest,
    completion: (() -> Void)?, afterDidCallbacks: (() -> Void)? = nil
  ) -> DismissalPlan {
    let chain = presentationChain()
    let reappearing = presentationState.coveredView?.view.owningViewController
    for screen in chain.reversed() { screen.unlinkPresentation(window: window) }
    return DismissalPlan(
      window: window, chain: chain.reversed(), reappearing: reappearing, isAnimated: animated,
      trigger: trigger, request: request,
      completion: completion, afterDidCallbacks: afterDidCallbacks)
  }

  /// This presented screen and every screen presented above it, bottom first.
  func presentationChain() -> [ViewController] {
    [self] + presentationsInTree().flatMap { $0.presentationChain() }
  }

  /// The screens presented by this screen or by the screens it contains.
  func presentationsInTree() -> [ViewController] {
    var found: [ViewController] = []
    var pending: [ViewController] = [self]
    while let screen = pending.popLast() {
      if let presented = screen.presented { found.append(presented) }
      pending.append(contentsOf: screen.childList.reversed())
    }
    return found
  }

  /// The top of the chain presented from this screen's tree, or `nil` if none is.
  internal var topmostPresentation: ViewController? {
    var top: ViewController?
    var next = presentationsInTree().last
    while let screen = next {
      top = screen
      next = screen.presentationsInTree().last
    }
    return top
  }

  /// Unlinks this presented screen from its presenter and takes its view out of the
  /// window, putting back the presenter's view it covered.
  private func unlinkPresentation(window: Window?) {
    presenter?.presented = nil
    presenter = nil
    adoptedWindow = window ?? adoptedWindow
    viewIfLoaded?.detachFromSuperview()
    if let covered = presentationState.coveredView, let superview = covered.superview {
      superview.attach(covered.view)
    }
    presentationState.coveredView = nil
    presentationState.activeStyle = nil
    presentationState.isSwiping = false
  }

  /// The closest screen, this one or an ancestor, that is presented.
  var presentedAncestor: ViewController? {
    var screen: ViewController? = self
    while let current = screen {
      if current.presenter != nil { return current }
      screen = current.parent
    }
    return nil
  }

  /// The screen that covers the window for this screen: its topmost container.
  var coveringScreen: ViewController {
    var screen = self
    while let parent = screen.parent { screen = parent }
    return screen
  }

  /// The screen that defines the presentation context for this one.
  var presentationContext: ViewController {
    var screen = self
    while !screen.definesPresentationContext, let parent = screen.parent { screen = parent }
    return screen
  }

  /// The style this screen is presented in: `automatic` resolved, a popover adapted.
  private func adaptedStyle(in window: Window) -> ModalPresentationStyle {
    switch modalPresentationStyle {
    case .automatic: return .pageSheet
    case .popover:
      guard window.traitCollection.horizontalSizeClass == .compact else { return .popover }
      var answer = ModalPresentationStyle.automatic
      if let popover = popoverPresentationController, let delegate = popover.delegate {
        answer = delegate.adaptivePresentationStyle(
          for: popover, traitCollection: window.traitCollection)
        window.journal.record(.adaptivePresentationStyle(screenID, answer: answer))
      } else if let sheet = presentationState.sheetController, let delegate = sheet.delegate {
        // As in UIKit, the presentation controller's own delegate decides when the popover's
        // does not.
        answer = delegate.adaptivePresentationStyle(for: sheet, traitCollection: window.traitCollection)
        window.journal.record(.adaptivePresentationStyle(screenID, answer: answer))
      }
      switch answer {
      case .none, .popover: return .popover
      case .automatic: return .pageSheet
      default: return answer
      }
    default: return modalPresentationStyle
    }
  }
}
