/// A back swipe in progress.
final class InteractivePop {
  let top: ViewController
  let below: ViewController
  var progress = 0.0
  /// A Boolean value indicating whether the swipe delivered appearance callbacks.
  var deliveredAppearance = false
  /// The window the swipe keeps busy, through its token: released when the swipe ends,
  /// even if the stack left that window meanwhile.
  var heldWindow: WindowToken?

  init(top: ViewController, below: ViewController) {
    self.top = top
    self.below = below
  }
}

extension NavigationController {
  /// A Boolean value indicating whether a back swipe is in progress.
  public var isInteractivePopInProgress: Bool { interactivePop != nil }

  /// How far the back swipe has gone, from 0 to 1; `nil` when none is in progress.
  public var interactivePopProgress: Double? { interactivePop?.progress }

  /// Begins a back swipe, as a user's finger at the screen's edge would.
  ///
  /// Asks ``navigationBar(_:shouldPop:)`` and the top screen's guard first. Then the top
  /// screen gets `viewWillDisappear`, the screen below `viewWillAppear`, and the delegate
  /// `willShow` for the screen below, once. The stack does not change until the swipe
  /// finishes; requests made meanwhile wait in the window's queue.
  ///
  /// A guard that answers later cannot hold a finger on the screen: when it allows, the
  /// top screen pops with animation, as with the back button.
  ///
  /// Beginning with nothing to go back to, or while another swipe or transition runs, is
  /// a misuse.
  public func beginInteractivePop() {
    handlingInput(in: journalWindow, .beginInteractivePop(self)) { beginInteractivePopNow() }
  }

  /// ``beginInteractivePop()``, once its input observer heard it.
  private func beginInteractivePopNow() {
    let window = journalWindow
    if let error = interactivePopBeginError() {
      Misuse.handle(error, in: window)
      return
    }
    let top = childList[childList.count - 1]
    guard navigationBar(navigationBar, shouldPop: top) else { return }
    var answeredLater = false
    let answeredNow = confirmLeavingTop(trigger: .interactiveSwipe, ignoringGuard: false) {
      [unowned self, weak top] in
      guard let top, interactivePop == nil, childList.count > 1, top === topViewController else { return }
      if answeredLater {
        // The finger has long left the screen: the confirmed swipe pops as the back
        // button would.
        performPop(.interactiveSwipe, animated: true, completion: nil)
      } else {
        startInteractivePop()
      }
    }
    answeredLater = !answeredNow
  }

  /// Moves the back swipe along.
  ///
  /// - Parameter progress: How far the swipe has gone, clamped to 0...1.
  public func updateInteractivePop(progress: Double) {
    handlingInput(in: journalWindow, .updateInteractivePop(self, progress: progress)) {
      updateInteractivePopNow(progress: progress)
    }
  }

  /// ``updateInteractivePop(progress:)``, once its input observer heard it.
  private func updateInteractivePopNow(progress: Double) {
    guard let interactivePop else {
      Misuse.handle(noSwipeError("update"), in: journalWindow)
      return
    }
    interactivePop.progress = min(max(progress, 0), 1)
  }

  /// Cancels the back swipe: the stack stays as it was and nothing reports a pop.
  ///
  /// When the cancel animation ends, the screen below gets `viewWillDisappear` and
  /// `viewDidDisappear`, then the top screen `viewWillAppear` and `viewDidAppear`; the
  /// delegate hears nothing more.
  public func cancelInteractivePop() {
    handlingInput(in: journalWindow, .cancelInteractivePop(self)) { cancelInteractivePopNow() }
  }

  /// ``cancelInteractivePop()``, once its input observer heard it.
  private func cancelInteractivePopNow() {
    guard let swipe = interactivePop else {
      Misuse.handle(noSwipeError("cancel"), in: journalWindow)
      return
    }
    interactivePop = nil
    let plan = CancelledSwipePlan(navigation: self, swipe: swipe)
    if let window = swipe.heldWindow?.window ?? attachedWindow {
      window.perform(plan)
    } else {
      plan.didPhase()
    }
  }

  /// Finishes the back swipe: completes like an animated pop.
  public func finishInteractivePop() {
    handlingInput(in: journalWindow, .finishInteractivePop(self)) { finishInteractivePopNow() }
  }

  /// ``finishInteractivePop()``, once its input observer heard it.
  private func finishInteractivePopNow() {
    guard let swipe = interactivePop else {
      Misuse.handle(noSwipeError("finish"), in: journalWindow)
      return
    }
    interactivePop = nil
    let window = journalWindow
    window?.journal.record(.interactivePopFinished(swipe.top.screenID, in: screenID))
    // The pop's transition replaces the swipe in the window it runs in; a window the stack
    // left during the swipe is released here.
    if let held = swipe.heldWindow?.window, held !== window { held.end(.interactivePop) }
    performPop(.interactiveSwipe, animated: true, completion: nil, willPhaseDone: true)
  }

  private func interactivePopBeginError() -> NavigationError? {
    if interactivePop != nil {
      return NavigationError(
        .interactivePopInProgress, "Can't begin a back swipe on \(screenID): one is already in progress.",
        screens: [screenID])
    }
    guard childList.count > 1 else {
      return NavigationError(
        .noInteractivePop,
        "Can't begin a back swipe on \(screenID): there is no screen below "
          + "\(topViewController.map { "\($0.screenID)" } ?? "an empty stack").",
        screens: [screenID] + (topViewController.map { [$0.screenID] } ?? []))
    }
    if let window = attachedWindow, window.isBusy {
      return NavigationError(
        .transitionInProgress,
        "Can't begin a back swipe on \(screenID) while a transition is in progress.", screens: [screenID])
    }
    return nil
  }

  private func noSwipeError(_ verb: String) -> NavigationError {
    NavigationError(
      .interactivePopInProgress, "Can't \(verb) a back swipe on \(screenID): none is in progress.",
      screens: [screenID])
  }

  private func startInteractivePop() {
    let top = childList[childList.count - 1]
    let below = childList[childList.count - 2]
    let swipe = InteractivePop(top: top, below: below)
    if let window = attachedWindow {
      swipe.heldWindow = window.token
      window.begin(.interactivePop)
    }
    interactivePop = swipe
    let journal = journalWindow
    journal?.journal.record(.interactivePopBegan(top.screenID, in: screenID))
    applyBars(of: below, window: journal)
    guard appearanceState == .appeared else { return }
    swipe.deliveredAppearance = true
    below.loadViewIfNeeded()
    top.isMovingFromParent = true
    top.beginAppearance(false, animated: true, window: journal)
    top.isMovingFromParent = false
    below.beginAppearance(true, animated: true, window: journal)
    viewIfLoaded?.attach(below.view)
    shownTop = ObjectIdentifier(below)
    notifyWillShow(below, animated: true, window: journal, delegate: MoveDelegate(now: self))
  }
}

/// The end of a cancelled back swipe: both screens return to where they were.
struct CancelledSwipePlan: TransitionPlan {
  let navigation: NavigationController
  let swipe: InteractivePop

  var isAnimated: Bool { true }

  func willPhase() {}

  func didPhase() {
    let window = navigation.journalWindow
    let below = swipe.below
    let top = swipe.top
    defer { window?.journal.record(.interactivePopCancelled(top.screenID, in: navigation.screenID)) }
    guard swipe.deliveredAppearance else {
      navigation.applyBars(of: top, window: window)
      return
    }
    if below.beginAppearance(false, animated: true, window: window) || below.appearanceState == .disappearing
    {
      below.endAppearance(window: window)
    }
    navigation.applyBars(of: top, window: window)
    if top.beginAppearance(true, animated: true, window: window) || top.appearanceState == .appearing {
      top.endAppearance(window: window)
    }
    if let belowView = below.viewIfLoaded, belowView.superview === navigation.viewIfLoaded {
      belowView.detachFromSuperview()
    }
    if navigation.shownTop == ObjectIdentifier(below) { navigation.shownTop = ObjectIdentifier(top) }
  }
}
