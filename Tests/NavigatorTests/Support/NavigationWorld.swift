import Testing

@testable import Navigator

/// One step of the stack-and-presentation random test; screens by pool index.
enum NavigationOperation: Equatable {
  /// `nav` 0 is the window's root stack, 1 the stack that can be presented.
  case push(nav: Int, screen: Int, animated: Bool, popBlock: Bool)
  case pop(nav: Int, animated: Bool)
  case popTo(nav: Int, position: Int, animated: Bool)
  case popToRoot(nav: Int, animated: Bool)
  case setStack(nav: Int, screens: [Int], animated: Bool)
  case backButton(nav: Int)
  case swipe(nav: Int, finish: Bool)
  /// Sets how the guarded screens answer from now on.
  case setGuardAnswer(GuardedScreen.Answer)
  /// Answers the pending pop decision, if any.
  case answerPending(allow: Bool)
  /// Several requests without settling in between, to exercise the queue.
  case burst(nav: Int, screen: Int)
  case present(screen: Int, style: ModalPresentationStyle, animated: Bool)
  case presentStack(animated: Bool)
  case dismissTop(animated: Bool)
  case dismissAll(animated: Bool)
  case sheetSwipe(finish: Bool)
  case tapOutside
  case setHidden(Bool)
  case misuse(NavigationMisuse, expected: NavigationError.Code)
  /// A call on the window's ``Navigator``; it may be refused (the screen it starts from is
  /// not in a stack, a popover anchor left the window, a navigation controller as container).
  case navigator(NavigatorCall)
  /// `navigate(to:)` a state derived from the window's; it may be refused (a guard denies,
  /// or the target needs again a screen that is still in the hierarchy elsewhere).
  case navigate(NavigationState<String>, animated: Bool)
}

/// A call on the `Navigator` facade, from the visible screen.
enum NavigatorCall: Equatable {
  case push(screen: Int, animated: Bool)
  case presentModal(screen: Int, style: ModalPresentationStyle, animated: Bool)
  case popover(screen: Int, animated: Bool)
  /// Adds the screen as a child of the visible screen, or of the root stack (refused).
  case addChild(screen: Int, toRootStack: Bool)
  case removeChild(screen: Int)
  case pop(animated: Bool)
}

/// A call on stacks or presentations that breaks a rule.
enum NavigationMisuse: Equatable {
  case pushDuplicate(nav: Int, screen: Int)
  case pushNavigationController
  case popToStranger(screen: Int)
  case setEmptyStack
  case setStackWithDuplicate(screen: Int)
  case presentPresented(screen: Int)
  case dismissNothing
}

/// A window whose root is a navigation stack, a second stack that can be presented, and a
/// pool of screens to push and present, all journaling into one journal.
final class NavigationWorld {
  let scheduler: ManualScheduler?
  let window: Window
  let navigations: [NavigationController]
  let screens: [ViewController]
  let errors = ErrorLog()
  var guardAnswer = GuardedScreen.Answer.allow
  /// Every pop block registered, with how often it ran.
  var popBlocks: [PopBlockRecord] = []

  /// Held by the pop block it counts, which the screen's stack entry holds: so it holds the
  /// screen and the stack `unowned` (the world keeps both), not to make a cycle.
  final class PopBlockRecord {
    unowned let screen: ViewController
    unowned let navigation: NavigationController
    var fired = 0
    /// Set by the push block: the push took effect.
    var taken = false
    var firedBeforeTaken = false
    /// Set when the block ran while its screen was still in a stack that is in the
    /// hierarchy: a pop block that fired without its screen leaving.
    var firedWhileStaying = false

    init(screen: ViewController, navigation: NavigationController) {
      self.screen = screen
      self.navigation = navigation
    }
  }

  /// Every Navigator call made, with what its closures saw.
  var navigatorCalls: [NavigatorCallRecord] = []
  /// Every navigation to a state, with what its closures saw.
  var stateNavigations: [StateNavigationRecord] = []
  /// The navigator the `.navigator` operations go through.
  private(set) var navigator: Navigator!

  /// What one Navigator call's closures did.
  final class NavigatorCallRecord {
    let call: NavigatorCall
    var configured = 0
    /// Set when `configure` found the screen unloaded, already on screen or already placed.
    var configuredTooLate = false
    var succeeded = 0
    var failed: [NavigationError] = []
    var completed = 0
    /// The plain form returned `nil`: refused inside the call.
    var refusedAtOnce = false

    init(_ call: NavigatorCall) { self.call = call }

    /// Options that count every outcome into this record.
    func options<Screen: ViewController>(animated: Bool) -> NavigationOptions<Screen> {
      NavigationOptions<Screen>().animated(animated)
        .onSuccess { [self] _ in succeeded += 1 }
        .onFailure { [self] in failed.append($0) }
        .completion { [self] _ in completed += 1 }
    }

    /// A configure closure that checks the screen is loaded and nowhere yet.
    func configure(_ screen: ViewController) {
      configured += 1
      if !screen.isViewLoaded || screen.appearanceState != .disappeared || screen.parent != nil
        || screen.presentingViewController != nil
      {
        configuredTooLate = true
      }
    }
  }

  init(manualScheduler: Bool) {
    let scheduler = manualScheduler ? ManualScheduler() : nil
    self.scheduler = scheduler
    window = Window(
      scheduler: scheduler.map { .manual($0) } ?? .immediate, misusePolicy: .report,
      journal: Journal(isEnabled: true))
    let plain: [ViewController] = (0..<8).map { Screen("S\($0)") }
    let guarded: [ViewController] = (0..<2).map { GuardedScreen("G\($0)", answer: .allow) }
    screens = [Screen("Root"), Screen("FormRoot")] + plain + guarded
    let main = NavigationController(rootViewController: screens[0])
    main.title = "Main"
    let sheet = NavigationController(rootViewController: screens[1])
    sheet.title = "Sheet"
    navigations = [main, sheet]
    window.rootViewController = main
    for screen in screens + navigations { screen.adoptedWindow = window }
    errors.observe(window)
    window.makeKeyAndVisible()
    settle()
    navigator = Navigator(window: window)
    provideScreens()
  }

  var allScreens: [ViewController] { navigations + screens }

  func settle() { scheduler?.settle() }

  /// Allows every pending pop decision and delivers everything scheduled, so that the run
  /// leaves nothing waiting, and nothing holding the hierarchy, behind.
  func finish() {
    guardAnswer = .allow
    for case let guarded as GuardedScreen in screens { guarded.answer = .allow }
    var rounds = 0
    while let decision = pendingDecision, rounds < 100 {
      decision.allow()
      settle()
      rounds += 1
    }
    settle()
  }

  func name(_ index: Int) -> String { screens[index].title ?? "?" }

  /// Screens that are nowhere: no parent, not presented, not a root.
  var freeScreens: [Int] {
    screens.indices.filter { index in
      let screen = screens[index]
      return screen.parent == nil && screen.presentingViewController == nil
        && screen.presentedViewController == nil
        && index > 1
    }
  }

  /// The screen a user sees on top of everything: the leaf of the presentation chain, or
  /// the top of a stack there.
  var visibleScreen: ViewController {
    var screen: ViewController = navigations[0]
    while let presented = screen.presentedViewController, presented !== screen { screen = presented }
    if let navigation = screen as? NavigationController, let top = navigation.topViewController { return top }
    return screen
  }

  /// The last screen of the presentation chain, or `nil` when nothing is presented.
  var topPresented: ViewController? {
    var screen: ViewController = navigations[0]
    while let presented = screen.presentedViewController, presented !== screen { screen = presented }
    return screen === navigations[0] ? nil : screen
  }

  var pendingDecision: PopDecision? { navigations.lazy.compactMap(\.pendingPopDecision).first }

  /// A stack a request may target now: the root stack, or the presented one.
  func isUsable(_ nav: Int) -> Bool {
    nav == 0 || navigations[1].presentingViewController != nil
  }

  // MARK: Applying

  func apply(_ operation: NavigationOperation) {
    for case let guarded as GuardedScreen in screens { guarded.answer = guardAnswer }
    switch operation {
    case .push(let nav, let screen, let animated, let popBlock):
      var options = PushOptions()
      if popBlock {
        let record = PopBlockRecord(screen: screens[screen], navigation: navigations[nav])
        popBlocks.append(record)
        options.onPush = { record.taken = true }
        let root = navigations[0]
        options.onPop = { [unowned root] in
          record.fired += 1
          record.firedBeforeTaken = !record.taken
          let navigation = record.navigation
          record.firedWhileStaying =
            record.screen.parent === navigation
            && (navigation === root || navigation.presentingViewController != nil)
        }
      }
      navigations[nav].pushViewController(screens[screen], animated: animated, options: options)
    case .pop(let nav, let animated):
      navigations[nav].popViewController(animated: animated)
    case .popTo(let nav, let position, let animated):
      let stack = navigations[nav].viewControllers
      navigations[nav].popToViewController(stack[min(position, stack.count - 1)], animated: animated)
    case .popToRoot(let nav, let animated):
      navigations[nav].popToRootViewController(animated: animated)
    case .setStack(let nav, let indices, let animated):
      navigations[nav].setViewControllers(indices.map { screens[$0] }, animated: animated)
    case .backButton(let nav):
      navigations[nav].navigationBar.tapBackButton()
    case .swipe(let nav, let finish):
      let navigation = navigations[nav]
      navigation.beginInteractivePop()
      if navigation.isInteractivePopInProgress {
        navigation.updateInteractivePop(progress: 0.5)
        if finish { navigation.finishInteractivePop() } else { navigation.cancelInteractivePop() }
      }
    case .setGuardAnswer(let answer):
      guardAnswer = answer
    case .answerPending(let allow):
      pendingDecision?.answer(allow)
    case .burst(let nav, let screen):
      navigations[nav].pushViewController(screens[screen], animated: true)
      navigations[nav].popViewController(animated: false)
      navigations[nav].pushViewController(screens[screen], animated: false)
    case .present(let screen, let style, let animated):
      let presented = screens[screen]
      presented.modalPresentationStyle = style
      if style == .popover {
        presented.popoverPresentationController?.anchor = .view(visibleScreen.view, rect: Rect.zero)
      }
      visibleScreen.present(presented, animated: animated)
    case .presentStack(let animated):
      visibleScreen.present(navigations[1], animated: animated)
    case .dismissTop(let animated):
      visibleScreen.dismiss(animated: animated)
    case .dismissAll(let animated):
      navigations[0].dismiss(animated: animated)
    case .sheetSwipe(let finish):
      guard let controller = topPresented?.presentationController, controller.beginInteractiveDismissal()
      else { break }
      if finish { controller.finishInteractiveDismissal() } else { controller.cancelInteractiveDismissal() }
    case .tapOutside:
      window.tapOutsidePopover(on: nil)
    case .setHidden(let hidden):
      window.isHidden = hidden
    case .misuse(let misuse, _):
      apply(misuse)
    case .navigator(let call):
      apply(call)
    case .navigate(let target, let animated):
      navigate(to: target, animated: animated)
    }
    settle()
  }

  /// Screens that are children of a screen that is not a navigation controller.
  var childScreens: [Int] {
    screens.indices.filter { index in
      guard let parent = screens[index].parent else { return false }
      return !(parent is NavigationController)
    }
  }

  private func apply(_ call: NavigatorCall) {
    let record = NavigatorCallRecord(call)
    navigatorCalls.append(record)
    let configure = { (screen: ViewController) in record.configure(screen) }
    let shown: ViewController?
    switch call {
    case .push(let screen, let animated):
      shown = navigator.push(
        .instance(screens[screen]), options: record.options(animated: animated), configure: configure)
    case .presentModal(let screen, let style, let animated):
      shown = navigator.presentModal(
        .instance(screens[screen]), style: style, options: record.options(animated: animated),
        configure: configure)
    case .popover(let screen, let animated):
      shown = navigator.popover(
        .instance(screens[screen]),
        anchor: .view(visibleScreen.view, rect: Rect(x: 0, y: 0, width: 10, height: 10)),
        options: record.options(animated: animated), configure: configure)
    case .addChild(let screen, let toRootStack):
      let container = toRootStack ? navigations[0] : visibleScreen
      shown = navigator.addChild(
        .instance(screens[screen]), to: container, options: record.options(animated: false),
        configure: configure)
    case .removeChild(let screen):
      shown = navigator.removeChild(screens[screen], options: record.options(animated: false))
    case .pop(let animated):
      // The plain pop returns nothing: its refusals are counted by `onFailure` alone.
      navigator.pop(options: record.options(animated: animated))
      record.refusedAtOnce = record.failed.contains { $0.code != .navigationDenied }
      return
    }
    record.refusedAtOnce = shown == nil
  }

  private func apply(_ misuse: NavigationMisuse) {
    switch misuse {
    case .pushDuplicate(let nav, let screen):
      navigations[nav].pushViewController(screens[screen], animated: true)
    case .pushNavigationController:
      navigations[0].pushViewController(NavigationController(rootViewController: Screen("X")), animated: true)
    case .popToStranger(let screen):
      navigations[0].popToViewController(screens[screen], animated: true)
    case .setEmptyStack:
      navigations[0].setViewControllers([], animated: true)
    case .setStackWithDuplicate(let screen):
      navigations[0].setViewControllers([screens[0], screens[screen], screens[screen]], animated: false)
    case .presentPresented(let screen):
      visibleScreen.present(screens[screen], animated: true)
    case .dismissNothing:
      navigations[0].dismiss(animated: true)
    }
  }
}
