/// A planned transition: the structure has already changed; these are the callbacks.
///
/// A plan is built after a request passed every check and after the hierarchy's structure
/// changed. The scheduler decides when its two phases run: ``willPhase()`` on the next
/// run-loop turn, ``didPhase()`` when the transition has finished (for a non-animated
/// transition, on that same turn).
internal protocol TransitionPlan {
  /// A Boolean value indicating whether the transition animates.
  var isAnimated: Bool { get }
  /// Delivers what UIKit delivers on the next run-loop turn (`viewWill*`, `willShow`).
  func willPhase()
  /// Delivers what UIKit delivers when the transition finished (`viewDid*`, completions).
  func didPhase()
}
