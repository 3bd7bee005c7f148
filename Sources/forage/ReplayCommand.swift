import ArgumentParser
import ForageCommandLine
import ForageFinder
import ForageRecording
import ForageSupport
import ForageWriters
import Foundation

/// `forage replay`: Re-reduce a recorded run without network and print its events.
struct ReplayCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "replay",
    abstract: "Re-reduce a recorded run without network and print its events.",
    discussion: """
      Reads the actions that forage run --record wrote and feeds them through the same pure \
      reducer, with no network and no middleware: the events printed are byte for byte those \
      of the original run. --until N stops after the first N actions (time travel); the \
      output then ends with a summary of the run so far, marked "complete": false. \
      The recording is NDJSON: a header naming the format's version ("forage_recording": 2), \
      then one action a line. A line that is not what the format expects, or holds an \
      impossible value (a latitude of 999), is refused with its file and line: exit 65.
      """
  )

  @Argument(help: ArgumentHelp("A recording made with forage run --record.", valueName: "file"))
  var recording: String

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp("Apply only the first N recorded actions.", valueName: "n"),
    transform: { try NumericOption.wholeNumber($0, from: 1, to: Int.max) }
  )
  var until: Int?

  @Option(help: ArgumentHelp("ndjson, json, geojson, table or html.", valueName: "format"))
  var format: OutputFormat = .ndjson

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp("Write the output to this file, atomically.", valueName: "file")
  )
  var output: String?

  func validate() throws {
    // Replaying no action would print a run that never happened, stamped with no time.
    if let until, until < 1 { throw ValidationError("--until must be 1 or more, not \(until)") }
  }

  func run() async throws {
    try OutputPaths.check(
      outputs: [("--output", output ?? "-")],
      inputs: [("the recording", recording)]
    )
    let outputs = HeldOutputs()
    let sink: any TextSink
    do {
      sink = try outputs.open(output ?? "-", option: "--output")
    } catch let error as OutputError {
      throw outputFailureExit(error)
    }
    do {
      let state = try FinderReplay.run(
        path: recording,
        until: until,
        writer: format.makeWriter(to: sink)
      )
      if until == nil, !state.summary.isComplete {
        printError(
          "warning: \(InputFile.displayName(recording)) ends before the run's end (no "
            + "run_finished action): it was cut short, and so is this output, whose summary says "
            + "\"complete\": false"
        )
      }
      try outputs.publish()
    } catch let error as RecordingError {
      printError(error.description)
      outputs.abandon()
      throw Sysexits.dataError
    } catch let error as OutputError {
      outputs.abandon()
      throw outputFailureExit(error)
    } catch {
      printError("\(error)")
      outputs.abandon()
      throw Sysexits.ioError
    }
  }
}
