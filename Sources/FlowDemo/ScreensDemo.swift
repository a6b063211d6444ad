import Navigator

extension Demo {
  /// A dashboard with two child screens, in a window that becomes visible.
  static func containment(into output: Transcript) {
    output.step("A dashboard with child screens, in a window that becomes visible")
    let window = Window()
    window.journal.isEnabled = true
    let dashboard = DemoScreen("Dashboard")
    window.rootViewController = dashboard
    for name in ["Weather", "News"] {
      let tile = DemoScreen(name)
      dashboard.addChild(tile)
      dashboard.view.addSubview(tile.view)
      tile.didMove(toParent: dashboard)
    }
    window.makeKeyAndVisible()
    trace(window, into: output)
  }

  /// Push, a back-button pop that asks for confirmation, and a cancelled swipe.
  static func stackJourney(into output: Transcript) {
    output.step("A mail stack appears")
    let (window, navigation, _) = visibleStack("Mail", root: DemoScreen("Inbox"))
    trace(window, into: output)

    output.step("Push Message")
    let message = DemoScreen("Message")
    navigation.pushViewController(
      message, animated: true,
      options: PushOptions(onPush: { output.line("   (push block: Message is on screen)") }))
    trace(window, into: output)

    output.step("Push Composer (it has a draft, and shows the toolbar)")
    let composer = Composer()
    navigation.pushViewController(composer, animated: true, options: PushOptions(toolbarHidden: false))
    trace(window, into: output)

    output.step("Back button, the user keeps the draft: nothing changes")
    navigation.navigationBar.tapBackButton()
    output.line("   Composer asks: discard the draft? (pending: \(navigation.pendingPopDecision != nil))")
    composer.pendingDecision?.deny()
    trace(window, into: output)

    output.step("Back button again, the user discards the draft")
    navigation.navigationBar.tapBackButton()
    composer.pendingDecision?.allow()
    trace(window, into: output)

    output.step("A back swipe on Message, cancelled half-way")
    navigation.beginInteractivePop()
    navigation.updateInteractivePop(progress: 0.3)
    navigation.cancelInteractivePop()
    trace(window, into: output)
  }

  /// A full-screen screen, a page sheet over it, and one dismissal of the whole chain.
  static func modalChain(into output: Transcript) {
    let (window, _, inbox) = visibleStack("Mail", root: DemoScreen("Inbox"))
    window.journal.removeAll()

    output.step(
      "Inbox presents Attachment full screen: Mail, which covers the window, presents it and disappears")
    let attachment = DemoScreen("Attachment")
    attachment.modalPresentationStyle = .fullScreen
    inbox.present(attachment, animated: true)
    trace(window, into: output)

    output.step("Attachment presents Share as a page sheet: Attachment stays on screen")
    let share = DemoScreen("Share")
    share.modalPresentationStyle = .pageSheet
    attachment.present(share, animated: true)
    trace(window, into: output)

    output.step("Inbox dismisses from the bottom: the whole chain goes, only Share animates")
    inbox.dismiss(animated: true) { output.line("   (completion: Mail is back)") }
    trace(window, into: output)
  }

  /// A popover anchored to a bar button item: shown as a popover on regular width and
  /// dismissed by a tap outside, then adapted to a sheet on compact width and swiped away.
  static func popover(into output: Transcript) {
    let listener = PopoverListener(output)
    let filterButton = BarButtonItem(title: "Filter")
    let (window, _, album) = visibleStack("Photos", root: DemoScreen("Album"))
    album.navigationItem.rightBarButtonItems = [filterButton]
    window.journal.removeAll()

    // The popover controller exists only once the style is .popover: set the style first.
    let filters = DemoScreen("Filters")
    filters.modalPresentationStyle = .popover
    filters.popoverPresentationController?.anchor = .barButtonItem(filterButton)
    filters.popoverPresentationController?.delegate = listener

    output.step("Album presents Filters as a popover from its Filter button (regular width)")
    album.present(filters, animated: true)
    output.line("   shown as a popover: \(filters.popoverPresentationController?.isShownAsPopover == true)")
    trace(window, into: output)

    output.step("A tap outside the popover dismisses it")
    output.line("   dismissed: \(window.tapOutsidePopover())")
    trace(window, into: output)

    output.step("The same popover on a compact-width window adapts to a sheet")
    window.traitCollection = TraitCollection(horizontalSizeClass: .compact)
    album.present(filters, animated: true)
    let style = filters.presentationController?.adaptivePresentationStyle
    output.line("   shown as: \(style.map { "\($0)" } ?? "nothing")")
    trace(window, into: output)

    output.step("A tap outside does nothing to a sheet")
    output.line("   dismissed: \(window.tapOutsidePopover())")
    trace(window, into: output)

    output.step("A swipe down dismisses the sheet")
    let sheet = filters.presentationController
    sheet?.beginInteractiveDismissal()
    sheet?.finishInteractiveDismissal()
    trace(window, into: output)
  }

  /// A misuse under the report policy: a typed error, and the tree is unchanged.
  static func misuse(into output: Transcript) {
    let (window, navigation, home) = visibleStack("Main", root: DemoScreen("Home"), misusePolicy: .report)
    window.journal.removeAll()
    window.misuseHandler = { error in output.line("   error [\(error.code)]: \(error.message)") }
    output.step("Pushing Home a second time (report policy)")
    navigation.pushViewController(home, animated: true)
    trace(window, into: output)
  }
}
