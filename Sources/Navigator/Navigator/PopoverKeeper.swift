/// A popover delegate that keeps the popover a popover on compact width.
final class PopoverKeeper: PopoverPresentationControllerDelegate {
  func adaptivePresentationStyle(
    for controller: PopoverPresentationController, traitCollection: TraitCollection
  ) -> ModalPresentationStyle { .none }
}
