/// The part of a ``Navigator`` navigation that needs the hierarchy, as a value: what it
/// does, to which screens, and the caller's code it runs.
///
/// A navigation checks what it can and makes its screen at once; then its step runs
/// (``Navigator/start(_:policy:)``): inside the call when the window is free, else from the
/// window's queue (``Command/navigate(_:)``) when its turn comes. Either way the same
/// ``Navigator/run(_:)`` checks the hierarchy again and navigates. The closures are the
/// caller's own code, typed by the navigation that made the step.
internal struct NavigatorStep {
  /// What the step does.
  internal enum Move {
    /// Pushes `shown` (the made screen, or the container it was embedded in) onto the stack
    /// of the step's origin.
    case push(ViewController, made: ViewController)
    /// Presents `shown` from the step's origin, restyled first.
    case present(ViewController, made: ViewController, Restyle)
    /// Pops the top of the given stack, whichever screen is on top when the step runs.
    case pop(NavigationController)
  }

  /// How a presentation restyles the shown screen; undone when a check refuses the step.
  internal enum Restyle {
    /// A modal presentation, in the given style or the screen's own.
    case modal(ModalPresentationStyle?)
    /// A popover at the anchor; `keepsPopover` keeps it a popover on compact width.
    case popover(PopoverAnchor, keepsPopover: Bool)
  }

  /// The caller's code the step runs, typed by the navigation that made it.
  internal struct Caller {
    /// Loads, feeds and configures the made screen, then reports success (push, present).
    let prepare: () -> Void
    /// Reports success with the screen about to be popped (pop).
    let succeed: (ViewController) -> Void
    /// Runs once the navigation finished, with the screen it showed or popped.
    let complete: (ViewController) -> Void
    /// Hears a guard's denial (pop).
    let deny: (NavigationError) -> Void
    /// Hears a refusal found after the call returned: when a waiting step runs, or when a
    /// guard that answered later allowed a pop that can no longer be made.
    let refuseLate: (NavigationError) -> Void
    /// The duration the caller's transitioning delegate gives the transition of a screen.
    let transitionDuration: ((ViewController) -> Double)?
  }

  /// The navigator that made the step; a step whose navigator is gone is refused.
  weak var navigator: Navigator?
  /// What the step does.
  let move: Move
  /// The screen the caller asked to start from; `nil` for the visible screen when the step
  /// runs.
  let origin: ViewController?
  /// A Boolean value indicating whether the navigation animates.
  let animated: Bool
  /// The request, as ``Window/pendingRequests`` shows it while the step waits.
  let request: NavigationRequest
  /// The caller's code.
  let caller: Caller

  /// Runs a step that waited: a refusal goes to the caller's late-refusal route.
  func run() {
    guard let navigator else {
      caller.refuseLate(
        NavigationError(
          .invalidRequest, "Can't run \(request): the navigator that asked for it is gone.",
          screens: request.screens))
      return
    }
    do throws(NavigationError) {
      try navigator.run(self)
    } catch {
      caller.refuseLate(error)
    }
  }
}
