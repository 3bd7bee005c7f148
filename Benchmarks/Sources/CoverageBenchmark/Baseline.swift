/// The requests main spent before the planner placed searches beside the track, keyed by city,
/// seed, motion, provider, K and fixes (`dense s12 still places-new k20 2400`): the SyntheticCity
/// rows measured by this benchmark at commit f0d45c8, the bundled walk's as issue 36 reports them
/// (main 9116b3c, the same engine).
enum Baseline {
  static let requests: [String: Int] = [
    "dense s12 still places-new k20 2400": 539,
    "dense s12 still google k20 2400": 2,
    "dense s12 still google k60 2400": 1_203,
    "helsinki - walk places-new k20 3900": 3_620,
    "helsinki - walk google k60 3900": 6_923,
  ]
}
