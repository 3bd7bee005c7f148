extension Duration {
  /// The duration in seconds, rounded to hundredths, as text: `0.25`, `10.0`.
  var secondsText: String {
    String((seconds * 100).rounded() / 100)
  }
}
