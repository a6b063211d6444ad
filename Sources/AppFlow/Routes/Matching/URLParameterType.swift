/// The type of a placeholder in a ``URLPattern``.
///
/// `<int:id>` is ``int``, `<uuid:id>` ``uuid``, `<id>` and `<string:id>` ``string``, and
/// `<path:rest>` ``path`` (a catch-all, the last segment only).
public enum URLParameterType: String, Hashable, Sendable {
  /// A decimal `Int`, optionally negative: `42`, `-7`.
  case int
  /// Any non-empty segment, or any query value.
  case string
  /// A UUID in its textual form, in either case.
  case uuid
  /// One or more remaining path segments.
  case path
}
