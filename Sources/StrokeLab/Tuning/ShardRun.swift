import Foundation
import StrokeCore
import StrokeIO
import StrokeMetrics

/// How `run` and `tune` measure: everything, one shard, or a merge of shards' records.
public enum RunMode: Sendable {
    /// Every unit, here.
    case all
    /// One shard's units; `command` is the command line, recorded in `shard.json`.
    case shard(ShardSelection, command: [String])
    /// No measuring: the units of these shard records, which must cover the work exactly once.
    case merge([ShardRecord])
}

/// What ``ShardRun/execute(_:mode:outputDirectory:)`` produced.
public struct RunOutcome: Sendable {
    /// The experiment as written (a shard's: its units only).
    public var report: Experiment.Report
    /// For `tune` (not for a shard): the fronts and recommendations written.
    public var tune: TuneOutput?
    /// For a shard: the units it measured.
    public var shardUnits: Int?
}

/// Running an invocation whole, as a shard, or as the merge of shards. A merge rebuilds the
/// experiment from the shards' invocation and assembles their units exactly as a whole run
/// assembles its own (``ExperimentRunner/assemble(traces:pipelines:results:)``), so its
/// `results.csv`, `summary.csv`, `summary_paired.csv` (and for `tune` every tune table) are
/// byte-identical to the whole run's, and `run.json` differs only in date and elapsed time.
public enum ShardRun {
    /// Runs `invocation` in `mode`, writing into `outputDirectory`: the result tables (a
    /// shard's hold its units only, plus `shard.json`); for `tune`, also the fronts.
    /// Everything is validated before anything is written.
    /// - Throws: ``ExperimentError`` with one line naming the file, shard or problem.
    public static func execute(_ invocation: RunInvocation, mode: RunMode, outputDirectory: String,
                               settings: Experiment.Settings = Experiment.Settings()) async throws(ExperimentError)
        -> RunOutcome
    {
        if case .merge(let records) = mode { try validate(records, against: invocation) }
        var (spec, base) = try invocation.experiment()
        var plan: TunePlan? = nil
        if invocation.command == "tune" {
            plan = try TunePlan(spec, maximum: invocation.maximumPipelines ?? settings.maximumPipelines)
            spec = plan!.spec
        }
        if spec.throughput == true, case .all = mode {} else if spec.throughput == true {
            throw ExperimentError("throughput timings cannot be sharded or merged (they time whole datasets on one machine); run them without --shard")
        }
        let captured = Captured()
        let measure: Experiment.Measure?
        switch mode {
        case .all:
            measure = nil
        case .shard(let selection, _):
            measure = { traces, pipelines, options in
                let count = pipelines.count
                let results = await ExperimentRunner.measure(traces: traces, pipelines: pipelines, options: options) { j, p in
                    selection.contains(job: j, pipeline: p, pipelines: count)
                }
                captured.set(results)
                return ExperimentRunner.assemble(traces: traces, pipelines: pipelines, results: results)
            }
        case .merge:
            measure = nil   // the shards' units, assembled once the experiment is prepared (below)
        }
        var settings = settings
        settings.measure = measure
        settings.maximumPipelines = invocation.maximumPipelines ?? settings.maximumPipelines
        // Everything is validated before the output set is taken; every file of the run (the
        // tables, shard.json, the tune tables) is written into the staged set and switched in
        // together, or not at all.
        let prepared = try Experiment.prepare(spec, specPath: invocation.spec, baseDirectory: base, settings: settings)
        // A merge checks every shard's rows against the catalogue before it takes the output
        // directory, so a bad shard leaves nothing behind; the units it assembled are the
        // merged run's measurements (assembled once).
        if case .merge(let records) = mode {
            let results = try assembleUnits(records, traces: prepared.traces, pipelines: prepared.pipelines)
            settings.measure = { traces, pipelines, _ in ExperimentRunner.assemble(traces: traces, pipelines: pipelines, results: results) }
        }
        let output = try Experiment.beginOutput(outputDirectory)
        let outcome: RunOutcome
        do throws(ExperimentError) {
            let report = try await Experiment.run(prepared, into: output, settings: settings)
            outcome = try finish(report, mode: mode, plan: plan, invocation: invocation, captured: captured, output: output)
            do { try output.commit() } catch { throw ExperimentError(error.description) }
        } catch {
            output.abandon()
            throw error
        }
        return outcome
    }

    /// Writes what follows the tables into the staged set: a shard's record, or the tune tables.
    private static func finish(_ report: Experiment.Report, mode: RunMode, plan: TunePlan?, invocation: RunInvocation,
                               captured: Captured, output: OutputSet) throws(ExperimentError) -> RunOutcome {
        switch mode {
        case .shard(let selection, let command):
            let results = captured.get()
            let units = results.enumerated().compactMap { j, r in r.map { (job: j, result: $0) } }
            let record = ShardRecord(shard: selection, command: command, invocation: invocation,
                                     specDigest: invocation.spec.flatMap(ShardRecord.digest(ofFile:)),
                                     pipelines: report.pipelines.map(\.name),
                                     traces: report.traces.map { ($0.dataset, $0.name, $0.trace.strokes.count) }, units: units)
            do { try AtomicFile.write(text: record.json, to: output.path(ShardRecord.fileName)) } catch {
                throw ExperimentError(error.description)
            }
            let count = units.reduce(0) { $0 + $1.result.pipelines.compactMap { $0 }.count }
            return RunOutcome(report: report, tune: nil, shardUnits: count)
        case .all, .merge:
            // A shard.json of an earlier sharded run into this directory is not part of the new
            // set, so the switch removes it.
            let tune = try plan.map { p throws(ExperimentError) in
                try TuneRunner.write(report: report, plan: p, outputDirectory: output.stagingDirectory)
            }
            return RunOutcome(report: report, tune: tune, shardUnits: nil)
        }
    }

    /// Checks that `records` are the N shards of one run, each once, of `invocation`, and that
    /// the spec file has not changed since.
    /// - Throws: ``ExperimentError`` naming the shard directory and what differs or is missing.
    public static func validate(_ records: [ShardRecord], against invocation: RunInvocation) throws(ExperimentError) {
        guard let first = records.first else { throw ExperimentError("merge: no shard directories given") }
        let n = first.shard.count
        var seen: [Int: String] = [:]
        for r in records {
            guard r.invocation == invocation else {
                throw ExperimentError("\(r.path): shard of a different run (\(r.invocation.json)) than \(first.path) (\(invocation.json))")
            }
            guard r.shard.count == n else { throw ExperimentError("\(r.path): shard \(r.shard) but \(first.path) is one of \(n)") }
            guard r.specDigest == first.specDigest, r.pipelines == first.pipelines,
                  r.traces.map({ "\($0.dataset)/\($0.name)/\($0.strokes)" }) == first.traces.map({ "\($0.dataset)/\($0.name)/\($0.strokes)" })
            else { throw ExperimentError("\(r.path): measured a different spec, pipelines or traces than \(first.path)") }
            if let other = seen[r.shard.index] {
                throw ExperimentError("\(r.path): shard \(r.shard) given twice (also \(other))")
            }
            seen[r.shard.index] = r.path
        }
        let missing = (1...n).filter { seen[$0] == nil }
        guard missing.isEmpty else {
            let example = first.command.isEmpty ? ""
                : " (run \(missing.count == 1 ? "it" : "each") as the others ran: \(ShardRecord.command(first.command, shard: "\(missing[0])/\(n)"))"
                    + (missing.count > 1 ? ", and so on" : "") + ")"
            throw ExperimentError("merge: shard\(missing.count == 1 ? "" : "s") \(missing.map { "\($0)/\(n)" }.joined(separator: ", ")) missing\(example)")
        }
        if let spec = invocation.spec, ShardRecord.digest(ofFile: spec) != first.specDigest {
            throw ExperimentError("\(spec): the spec changed since the shards ran (its digest differs from \(first.path)'s)")
        }
    }

    /// The shards' units as job results for `traces` × `pipelines`, rows filled in with
    /// dataset, trace, stroke and pipeline; every unit must be present exactly once.
    static func assembleUnits(_ records: [ShardRecord], traces: [LoadedTrace], pipelines: [ExperimentPipeline]) throws(ExperimentError)
        -> [ExperimentRunner.JobResult?]
    {
        let jobs = ExperimentRunner.jobs(traces)
        guard let first = records.first else { throw ExperimentError("merge: no shards") }
        guard first.pipelines == pipelines.map(\.name),
              first.traces.map({ "\($0.dataset)/\($0.name)/\($0.strokes)" }) == traces.map({ "\($0.dataset)/\($0.name)/\($0.trace.strokes.count)" })
        else {
            throw ExperimentError("\(first.path): the shards measured other traces or pipelines than the spec gives now (did the data change?)")
        }
        var results = [ExperimentRunner.JobResult?](repeating: nil, count: jobs.count)
        for record in records {
            for (j, unit) in record.units {
                guard jobs.indices.contains(j), unit.pipelines.count == pipelines.count else {
                    throw ExperimentError("\(record.path): unit of stroke \(j) does not fit the experiment")
                }
                let loaded = traces[jobs[j].trace]
                let stroke = loaded.trace.strokes[jobs[j].stroke].id
                if results[j] == nil {
                    results[j] = ExperimentRunner.JobResult(pipelines: Array(repeating: nil, count: pipelines.count), reference: unit.reference,
                                                            heldOut: unit.heldOut, fed: unit.fed)
                }
                for (p, u) in unit.pipelines.enumerated() {
                    guard var u else { continue }
                    guard results[j]!.pipelines[p] == nil else {
                        throw ExperimentError("\(record.path): \(loaded.name)/\(stroke) × \(pipelines[p].name) measured by two shards")
                    }
                    let traceUnit = loaded.trace.metadata.units.rawValue
                    for i in u.rows.indices {
                        // Every row is one the catalogue declares, in its unit and its range.
                        let row = u.rows[i]
                        let place = "\(record.path): shard \(record.shard), \(loaded.name)/\(stroke) × \(pipelines[p].name)"
                        guard let definition = MetricCatalog.definition(of: row.metric) else {
                            throw ExperimentError("\(place): '\(ErrorText.excerpt(row.metric, limit: 60))' is not a metric id"
                                + ClosestName.hint(for: row.metric, among: MetricCatalog.expanded.map { $0.id(horizonMs: 16) }))
                        }
                        guard definition.accepts(row.value) else {
                            throw ExperimentError("\(place): \(row.metric) = \(row.value) is not a value it can take")
                        }
                        let unit = definition.unit.symbol(traceUnit: traceUnit)
                        guard row.unit == unit else {
                            throw ExperimentError("\(place): \(row.metric) is in '\(ErrorText.excerpt(row.unit, limit: 20))', not \(unit.isEmpty ? "dimensionless" : "'\(unit)'")")
                        }
                        u.rows[i].dataset = loaded.dataset
                        u.rows[i].trace = loaded.name
                        u.rows[i].stroke = stroke
                        u.rows[i].pipeline = pipelines[p].name
                    }
                    results[j]!.pipelines[p] = u
                }
            }
        }
        for (j, r) in results.enumerated() {
            for p in pipelines.indices where r?.pipelines[p] == nil {
                let loaded = traces[jobs[j].trace]
                throw ExperimentError("merge: \(loaded.name)/\(loaded.trace.strokes[jobs[j].stroke].id) × \(pipelines[p].name) is in no shard")
            }
        }
        return results
    }
}

/// A value handed out of a `@Sendable` closure.
private final class Captured: @unchecked Sendable {
    private let lock = NSLock()
    private var value: [ExperimentRunner.JobResult?] = []
    func set(_ v: [ExperimentRunner.JobResult?]) { lock.lock(); value = v; lock.unlock() }
    func get() -> [ExperimentRunner.JobResult?] { lock.lock(); defer { lock.unlock() }; return value }
}
