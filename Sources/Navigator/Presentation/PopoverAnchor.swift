/// Where a popover points: a bar button item, or a rectangle in a source view.
///
/// UIKit lets a popover be presented without a source and throws during the deferred
/// presentation; an anchor of this type is always complete. The anchor must be in the
/// presenter's window when the popover is presented.
public enum PopoverAnchor {
  /// The popover points at a bar button item.
  case barButtonItem(BarButtonItem)
  /// The popover points at a rectangle in a view's coordinate space.
  case view(View, rect: Rect)
}
