/// The requests main spent at commit f0d45c8, before the planner placed searches beside the
/// track, measured by this benchmark at that commit: keyed by city, seed, motion, provider and K
/// (`dense s12 walk places-new k20`).
enum Baseline {
  static let requests: [String: Int] = [:]
}
