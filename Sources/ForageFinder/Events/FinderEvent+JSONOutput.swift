import ForagePlaceModel
import ForageSupport

extension FinderEvent {
  /// Writes the event as one compact JSON object: `event`, `seq`, `time` (and
  /// `"time_estimated":true` when the time was made up), then the payload's members, in that
  /// order (the line `NDJSONWriter` prints, without its newline).
  public func write(to output: inout JSONOutput) {
    output.append(#"{"event":"#)
    output.writeString(name)
    output.append(#","seq":"#)
    output.writeInt(seq)
    output.append(#","time":""#)
    ISO8601.write(time, to: &output)
    output.append(UInt8(ascii: "\""))
    if isTimeEstimated { output.append(#","time_estimated":true"#) }
    switch payload {
    case .permission(let status, let accuracy):
      output.append(#","status":"#)
      output.writeString(status)
      output.append(#","accuracy":"#)
      output.writeString(accuracy)
    case .location(let fixIndex, let latitude, let longitude, let accuracy):
      output.append(#","fix_index":"#)
      output.writeInt(fixIndex)
      output.append(#","lat":"#)
      output.writeDouble(latitude)
      output.append(#","lon":"#)
      output.writeDouble(longitude)
      if let accuracy {
        output.append(#","accuracy_m":"#)
        output.writeDouble(JSONValue.roundedNumber(accuracy, places: 2))
      }
    case .places(let fixIndex, let latitude, let longitude, let radius, let source, let places):
      output.append(#","fix_index":"#)
      output.writeInt(fixIndex)
      output.append(#","at":{"lat":"#)
      output.writeDouble(latitude)
      output.append(#","lon":"#)
      output.writeDouble(longitude)
      output.append(#"},"radius_m":"#)
      output.writeDouble(radius)
      output.append(#","source":"#)
      output.writeString(source.rawValue)
      output.append(#","places":["#)
      for (index, place) in places.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        place.write(to: &output)
      }
      output.append(UInt8(ascii: "]"))
    case .dropped(let fixIndex, let reason, _, _):
      output.append(#","fix_index":"#)
      output.writeInt(fixIndex)
      output.append(#","reason":"#)
      output.writeString(reason)
    case .lost(let fixIndex):
      output.append(#","fix_index":"#)
      output.writeInt(fixIndex)
      output.append(#","reason":"signal_lost""#)
    case .error(let kind, let message, let isRetrying):
      output.append(#","kind":"#)
      output.writeString(kind)
      output.append(#","message":"#)
      output.writeString(message)
      output.append(#","retrying":"#)
      output.writeBool(isRetrying)
    case .summary(let summary):
      for (key, value) in summary.jsonMembers() {
        output.append(UInt8(ascii: ","))
        output.writeKey(key)
        output.write(value)
      }
    }
    output.append(UInt8(ascii: "}"))
  }
}

extension NearbyPlace {
  /// Writes the place as the compact JSON object of `places` events: `id`, `name` (`null` when
  /// the place has none), `lat`, `lon`, `distance_m` (to the millimetre), then `rating`, `types`,
  /// `vicinity` and `open_now` (at query time) when known, and always `open_at_fix` (`true`,
  /// `false`, or `null` when it cannot be told).
  public func write(to output: inout JSONOutput) {
    output.append(#"{"id":"#)
    output.writeString(place.id)
    output.append(#","name":"#)
    if let name = place.name { output.writeString(name) } else { output.writeNull() }
    output.append(#","lat":"#)
    output.writeDouble(place.latitude)
    output.append(#","lon":"#)
    output.writeDouble(place.longitude)
    output.append(#","distance_m":"#)
    output.writeDouble(JSONValue.roundedNumber(distance, places: 3))
    if let rating = place.rating {
      output.append(#","rating":"#)
      output.writeDouble(rating)
    }
    if !place.types.isEmpty {
      output.append(#","types":["#)
      for (index, type) in place.types.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        output.writeString(type)
      }
      output.append(UInt8(ascii: "]"))
    }
    if let vicinity = place.vicinity {
      output.append(#","vicinity":"#)
      output.writeString(vicinity)
    }
    if let openNow = place.openNow {
      output.append(#","open_now":"#)
      output.writeBool(openNow)
    }
    output.append(#","open_at_fix":"#)
    if let openAtFix { output.writeBool(openAtFix) } else { output.writeNull() }
    output.append(UInt8(ascii: "}"))
  }

  /// The JSON object written in `places` events, the value ``write(to:)`` writes.
  public func json() -> JSONValue { JSONValue.parsing(written: write(to:)) }
}
