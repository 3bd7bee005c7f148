import ForageGeodesy

extension IndexCore {
  /// Puts candidates sorted by chord into exact answer order, measuring only the geodesics the
  /// order and the radius cannot do without, and calls `body` with the first `limit` within
  /// `radius`.
  ///
  /// Write c for a candidate's chord to the centre, s for its geodesic and U for
  /// ``EarthCentredPoint/geodesicUpperBound(chord:)``, so that c ≤ s ≤ U(c); U's 1 µm slack
  /// absorbs the rounding of c, of U and of the geodesic solver, which stays below a tenth of a
  /// micrometre at Earth scale.
  ///
  /// **Order.** If U(cᵢ) < cⱼ then sᵢ ≤ U(cᵢ) < cⱼ ≤ sⱼ: i precedes j, whatever their
  /// identifiers. With the candidates sorted by chord, c₁ ≤ c₂ ≤ …, cut the list between m and
  /// m + 1 wherever c₍ₘ₊₁₎ > U(cₘ). Then every i ≤ m precedes every j ≥ m + 1: cᵢ ≤ cₘ gives
  /// U(cᵢ) ≤ U(cₘ) because U is non-decreasing (in floating point too), so
  /// U(cᵢ) ≤ U(cₘ) < c₍ₘ₊₁₎ ≤ cⱼ. The pieces between cuts (runs, each link within U of the one
  /// before) therefore follow each other in answer order, and only a run of two or more needs
  /// its geodesics, to sort it by (distance, identifier, position). Exact ties fall in one run:
  /// equal geodesics cannot be strictly ordered, so the chain cannot be cut between them.
  ///
  /// **Radius.** A candidate with U(c) ≤ R is within R; the search never passes one with
  /// c > R + 1 µm; any other is measured and kept when s ≤ R. Geodesics only grow along the
  /// answer order, so the first candidate beyond R ends the answer.
  ///
  /// **Cut.** The candidates are the first `limit` of the chord order and every point with a
  /// chord of at most U of the `limit`-th (``EarthKDTree/withNearestCandidates(_:within:of:_:)``);
  /// a point left out is farther than all of the first `limit`, so the first `limit` in this
  /// order are the first `limit` of the whole answer. The run holding the `limit`-th is sorted
  /// whole before the cut, so a tie straddling it is cut by identifier and position.
  ///
  /// At 500 m, U(c) − c is 1.13 µm, so among 100 000 random places a run is as rare as two
  /// places a micrometre apart in distance: almost every answer is ordered with no geodesic.
  func resolve(
    _ candidates: UnsafeBufferPointer<EarthKDTree.Candidate>,
    _ limit: Int,
    within radius: Double,
    of centre: Coordinate,
    _ body: (UnsafeBufferPointer<Hit>) -> Void
  ) {
    withUnsafeTemporaryAllocation(of: Hit.self, capacity: candidates.count) { hits in
      var count = 0
      var start = 0
      var chord = candidates.first.map { $0.chordSquared.squareRoot() } ?? 0
      scan: while start < candidates.count, count < limit {
        // The run from `start`: extend it while the next chord is within U of the last.
        var end = start + 1
        var bound = EarthCentredPoint.geodesicUpperBound(
          chord: chord,
          chordSquared: candidates[start].chordSquared
        )
        while end < candidates.count {
          chord = candidates[end].chordSquared.squareRoot()
          guard chord <= bound else { break }
          bound = EarthCentredPoint.geodesicUpperBound(
            chord: chord,
            chordSquared: candidates[end].chordSquared
          )
          end += 1
        }
        if end == start + 1 {
          let index = Int(candidates[start].index)
          if bound <= radius {
            hits[count] = Hit(index: index, distance: nil)
          } else {
            let distance = Geodesic.distance(centre, coordinates[index])
            guard distance <= radius else { break scan }
            hits[count] = Hit(index: index, distance: distance)
          }
          count += 1
        } else {
          for offset in 0..<(end - start) {
            let index = Int(candidates[start + offset].index)
            hits[count + offset] = Hit(
              index: index,
              distance: Geodesic.distance(centre, coordinates[index])
            )
          }
          var run = UnsafeMutableBufferPointer(rebasing: hits[count..<(count + end - start)])
          run.sort(by: precedes)
          let within = run.prefix { $0.distance! <= radius }.count
          count += within
          guard within == run.count else { break scan }
        }
        start = end
      }
      body(UnsafeBufferPointer(start: hits.baseAddress, count: min(count, limit)))
    }
  }
}
