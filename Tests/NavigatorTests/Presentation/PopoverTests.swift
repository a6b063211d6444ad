import Navigator
import Testing

/// A popover delegate that answers as told and records nothing itself (the journal does).
final class PopoverAnswers: PopoverPresentationControllerDelegate {
  var style: ModalPresentationStyle
  var shouldDismiss: Bool
  var didDismissCount = 0

  init(style: ModalPresentationStyle = .automatic, shouldDismiss: Bool = true) {
    self.style = style
    self.shouldDismiss = shouldDismiss
  }

  func adaptivePresentationStyle(
    for controller: PopoverPresentationController, traitCollection: TraitCollection
  ) -> ModalPresentationStyle { style }

  func popoverPresentationControllerShouldDismissPopover(
    _ controller: PopoverPresentationController
  ) -> Bool { shouldDismiss }

  func popoverPresentationControllerDidDismissPopover(_ controller: PopoverPresentationController) {
    didDismissCount += 1
  }
}

@Suite(.exhaustiveStages) struct PopoverTests {
  /// A popover anchored to a bar button item of the root's navigation item.
  private func popover(on stage: Stage, delegate: PopoverAnswers?) -> Screen {
    let item = BarButtonItem(title: "Share")
    stage.root.navigationItem.rightBarButtonItem = item
    let popover = Screen("P")
    popover.modalPresentationStyle = .popover
    let controller = popover.popoverPresentationController
    controller?.anchor = .barButtonItem(item)
    controller?.permittedArrowDirections = [.up, .down]
    controller?.delegate = delegate
    return popover
  }

  @Test func regularWidthShowsAPopoverAndThePresenterGetsNothing() throws {
    let stage = Stage(.screen(Screen("A")))
    let answers = PopoverAnswers()
    let popover = popover(on: stage, delegate: answers)
    stage.root.present(popover, animated: true)
    stage.scheduler.settle()
    let controller = try #require(popover.popoverPresentationController)
    #expect(controller.isShownAsPopover)
    #expect(controller.permittedArrowDirections == [.up, .down])
    #expect(controller.presentingViewController === stage.root)
    let p = popover.screenID
    #expect(
      stage.take() == [
        .viewDidLoad(p), .viewWillAppear(p, animated: true), .viewDidAppear(p, animated: true),
      ])
  }

  @Test func compactWidthAdaptsToASheet() throws {
    let stage = Stage(.screen(Screen("A")), sizeClass: .compact)
    let answers = PopoverAnswers()
    let popover = popover(on: stage, delegate: answers)
    stage.root.present(popover, animated: true)
    stage.scheduler.settle()
    let p = popover.screenID
    #expect(popover.popoverPresentationController?.isShownAsPopover == false)
    #expect(popover.presentationController?.adaptivePresentationStyle == .pageSheet)
    #expect(
      stage.take() == [
        .adaptivePresentationStyle(p, answer: .automatic),
        .viewDidLoad(p), .viewWillAppear(p, animated: true), .viewDidAppear(p, animated: true),
      ])
    // An adapted popover is a sheet: a tap outside does nothing, a swipe dismisses it.
    #expect(stage.window.tapOutsidePopover() == false)
    let sheet = try #require(popover.presentationController)
    #expect(sheet.beginInteractiveDismissal())
    sheet.finishInteractiveDismissal()
    stage.scheduler.settle()
    #expect(
      stage.take() == [
        .viewWillDisappear(p, animated: true), .viewDidDisappear(p, animated: true),
      ])
    #expect(stage.root.presentedViewController == nil)
  }

  @Test func compactWidthKeepsThePopoverWhenTheDelegateSaysNone() {
    let stage = Stage(.screen(Screen("A")), sizeClass: .compact)
    let answers = PopoverAnswers(style: .none)
    let popover = popover(on: stage, delegate: answers)
    stage.root.present(popover, animated: true)
    stage.scheduler.settle()
    let p = popover.screenID
    #expect(popover.popoverPresentationController?.isShownAsPopover == true)
    #expect(
      stage.take() == [
        .adaptivePresentationStyle(p, answer: .none),
        .viewDidLoad(p), .viewWillAppear(p, animated: true), .viewDidAppear(p, animated: true),
      ])
  }

  @Test func compactWidthAdaptingToFullScreenCoversThePresenter() {
    let stage = Stage(.screen(Screen("A")), sizeClass: .compact)
    let answers = PopoverAnswers(style: .fullScreen)
    let popover = popover(on: stage, delegate: answers)
    stage.root.present(popover, animated: false)
    stage.scheduler.settle()
    let (a, p) = (stage.root.screenID, popover.screenID)
    #expect(
      stage.take() == [
        .adaptivePresentationStyle(p, answer: .fullScreen), .viewDidLoad(p),
        .viewWillDisappear(a, animated: false), .viewWillAppear(p, animated: false),
        .viewDidDisappear(a, animated: false), .viewDidAppear(p, animated: false),
      ])
  }

  @Test func tapOutsideDismissesAndTellsTheDelegate() {
    let stage = Stage(.screen(Screen("A")))
    let answers = PopoverAnswers()
    let popover = popover(on: stage, delegate: answers)
    stage.root.present(popover, animated: true)
    stage.settleQuietly()
    let p = popover.screenID
    #expect(stage.window.tapOutsidePopover(on: stage.root.view))
    #expect(stage.take() == [.popoverShouldDismiss(p)])
    #expect(stage.root.presentedViewController == nil)
    stage.scheduler.runLoopTurn()
    #expect(stage.take() == [.viewWillDisappear(p, animated: true)])
    stage.scheduler.finishTransitions()
    #expect(stage.take() == [.viewDidDisappear(p, animated: true), .popoverDidDismiss(p)])
    #expect(answers.didDismissCount == 1)
  }

  @Test func tapOutsideWithoutADelegateDismisses() {
    let stage = Stage(.screen(Screen("A")))
    let popover = popover(on: stage, delegate: nil)
    stage.root.present(popover, animated: true)
    stage.settleQuietly()
    #expect(stage.window.tapOutsidePopover())
    stage.scheduler.settle()
    let p = popover.screenID
    #expect(stage.take() == [.viewWillDisappear(p, animated: true), .viewDidDisappear(p, animated: true)])
  }

  @Test func theDelegateCanRefuseATapOutside() {
    let stage = Stage(.screen(Screen("A")))
    let answers = PopoverAnswers(shouldDismiss: false)
    let popover = popover(on: stage, delegate: answers)
    stage.root.present(popover, animated: true)
    stage.settleQuietly()
    #expect(stage.window.tapOutsidePopover(on: stage.root.view) == false)
    stage.scheduler.settle()
    #expect(stage.take() == [.popoverShouldDismiss(popover.screenID)])
    #expect(stage.root.presentedViewController === popover)
    #expect(answers.didDismissCount == 0)
  }

  @Test func aTapOnAPassthroughViewDoesNotDismiss() {
    let stage = Stage(.screen(Screen("A")))
    let answers = PopoverAnswers()
    let toolbar = View()
    let button = View()
    toolbar.addSubview(button)
    stage.root.view.addSubview(toolbar)
    let popover = popover(on: stage, delegate: answers)
    popover.popoverPresentationController?.passthroughViews = [toolbar]
    stage.root.present(popover, animated: true)
    stage.settleQuietly()
    #expect(stage.window.tapOutsidePopover(on: button) == false)
    stage.scheduler.settle()
    #expect(stage.take() == [])
    #expect(stage.root.presentedViewController === popover)
  }

  @Test func aTapInsideThePopoverDoesNotDismissIt() {
    let stage = Stage(.screen(Screen("A")))
    let answers = PopoverAnswers()
    let popover = popover(on: stage, delegate: answers)
    stage.root.present(popover, animated: false)
    stage.settleQuietly()
    let button = View()
    popover.view.addSubview(button)
    stage.settleQuietly()
    #expect(stage.window.tapOutsidePopover(on: button) == false)
    #expect(stage.window.tapOutsidePopover(on: popover.view) == false)
    stage.scheduler.settle()
    #expect(stage.take() == [])
    #expect(stage.root.presentedViewController === popover)
    #expect(answers.didDismissCount == 0)
  }

  @Test func aModalPopoverTellsItsPresentationControllersDelegateOfTheAttempt() throws {
    let stage = Stage(.screen(Screen("A")))
    let popover = popover(on: stage, delegate: nil)
    popover.isModalInPresentation = true
    let sheetAnswers = SheetAnswers()
    let controller = try #require(popover.presentationController)
    controller.delegate = sheetAnswers
    stage.root.present(popover, animated: false)
    stage.settleQuietly()
    #expect(stage.window.tapOutsidePopover() == false)
    #expect(stage.take() == [.presentationDidAttemptToDismiss(popover.screenID)])
    #expect(sheetAnswers.calls == ["attempt"])
    #expect(stage.root.presentedViewController === popover)
  }

  @Test func aViewAnchorInTheWindowIsAccepted() {
    let stage = Stage(.screen(Screen("A")))
    let popover = Screen("P")
    popover.modalPresentationStyle = .popover
    popover.popoverPresentationController?.anchor = .view(
      stage.root.view, rect: Rect(x: 10, y: 20, width: 44, height: 44))
    stage.root.present(popover, animated: true)
    #expect(stage.root.presentedViewController === popover)
    stage.expect([.load(popover)])
    stage.settleQuietly()
  }
}
