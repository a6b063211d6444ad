/// The options few navigations set, in one immutable box that ``NavigationOptions`` holds by
/// one optional reference: the transitioning delegate, the keep-alive request and the
/// protection.
///
/// Why: options are copied about ten times per navigation (into the closures a navigation
/// step runs, through generic value witnesses), and every stored reference costs a retain
/// and a release per copy. Keep-alive as a field of its own would cost a navigator push +
/// pop 136 instructions (22,563 without keep-alive to 22,699, callgrind, `NavigatorMeasure
/// --profile flow-navigator` 10,000 minus 5,000); sharing one reference with the
/// transitioning delegate keeps the options at one reference: 22,572, 9 more than without
/// keep-alive (Benchmarks/README.md, "Keep-alive caching"). The request is a class too: as
/// an optional struct holding a `Lifetime` (an existential inside), testing it in the
/// generic navigation code would ask the runtime for its metadata every time (22,563 to
/// 23,413). The protection shares the box for the same reason (a field of its own: +118). Setting
/// one of them makes a new box, so that copies of options never share a change.
final class RarelySetOptions {
  let transitioningDelegate: (any ViewControllerTransitioningDelegate)?
  let keepAlive: KeepAliveRequest?
  let protection: (any NavigationProtection)?

  init(
    transitioningDelegate: (any ViewControllerTransitioningDelegate)?, keepAlive: KeepAliveRequest?,
    protection: (any NavigationProtection)?
  ) {
    self.transitioningDelegate = transitioningDelegate
    self.keepAlive = keepAlive
    self.protection = protection
  }

  /// A box holding the given options; `nil` when none is set.
  static func holding(
    transitioningDelegate: (any ViewControllerTransitioningDelegate)?, keepAlive: KeepAliveRequest?,
    protection: (any NavigationProtection)?
  ) -> RarelySetOptions? {
    if transitioningDelegate == nil, keepAlive == nil, protection == nil { return nil }
    return RarelySetOptions(
      transitioningDelegate: transitioningDelegate, keepAlive: keepAlive, protection: protection)
  }
}
