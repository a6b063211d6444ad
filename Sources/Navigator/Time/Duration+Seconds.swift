extension Duration {
  /// The duration in seconds, as the schedulers and caches measure time inside: the public
  /// API speaks `Duration`, the clocks add and compare `Double` seconds.
  internal var inSeconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) + Double(attoseconds) * 1e-18
  }
}
