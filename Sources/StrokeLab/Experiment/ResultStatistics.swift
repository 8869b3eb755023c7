import Foundation
import StrokeCore
import StrokeIO
import StrokeMetrics

/// What the confidence intervals of a summary resample.
public enum BootstrapUnit: String, Hashable, Sendable, CaseIterable {
    /// Whole traces: the strokes of one trace (one writer, device and session) are one
    /// cluster (``ClusterBootstrap``). The default.
    case trace
    /// Every stroke independently (narrower, and too narrow when strokes of a trace are alike).
    case stroke
}

/// How summaries are computed: the seed, the resamples, the bootstrap unit and the baseline
/// of the paired comparisons.
public struct StatisticsSettings: Hashable, Sendable {
    /// Seed of every bootstrap (each group's is derived from it and the group's key).
    public var seed: UInt64
    /// Bootstrap resamples.
    public var resamples: Int
    /// What the bootstrap resamples.
    public var unit: BootstrapUnit
    /// The pipeline compared with first in `summary_paired.csv` (its name in the results);
    /// `nil`: the first pipeline.
    public var baseline: String?
    /// When a verdict may be given (coverage floor, least strokes and traces); the coverage
    /// floor also decides which pipelines set `summary_paired.csv`'s common strokes.
    public var rules: VerdictRules

    /// Creates settings; by default seed 1, 1000 resamples, by trace, first pipeline, the
    /// default rules.
    public init(seed: UInt64 = 1, resamples: Int = 1000, unit: BootstrapUnit = .trace, baseline: String? = nil,
                rules: VerdictRules = VerdictRules()) {
        self.seed = seed
        self.resamples = resamples
        self.unit = unit
        self.baseline = baseline
        self.rules = rules
    }
}

/// The statistics behind `summary.csv` and `summary_paired.csv` (the I/O types live in
/// StrokeIO, the resampling in StrokeMetrics: ``ClusterBootstrap``, ``PairedComparison``).
///
/// - ``summary(_:settings:)``: per dataset × pipeline × metric, over the strokes where the
///   pipeline has a value: n, mean, median and p95 (type 7), min, max, and a 95% bootstrap
///   interval of the mean, resampling traces by default; no interval (NaN, an empty field)
///   with one value or one trace. Rows that stand for a whole dataset (benchmark runs, stroke
///   `all`) are resampled run by run.
/// - ``paired(_:pipelines:settings:kinds:parallel:)``: per dataset × input kind × metric, the
///   strokes every pipeline that reports the metric measured (so every pipeline is compared on
///   the same strokes, the count shown); each pipeline's mean and median over them with the
///   mean's interval, and every pair's mean paired difference with its interval — the baseline
///   first (its own row compares it with itself: difference 0, interval [0, 0]), then every
///   later pipeline with every earlier one. A pipeline that measured fewer than `minCoverage`
///   (``VerdictRules``) of the strokes of the best-covered one does not narrow that set: its
///   own rows use the common strokes it measured (a smaller `n` in its rows).
///
/// Every interval is seeded from the settings' seed and the group's key (FNV-1a,
/// ``BootstrapInterval/seed(for:base:)``), so the same rows give the same bytes. The groups
/// are independent, so with `parallel` (the default) they are computed on every core and put
/// back in their order: byte-identical to the serial computation.
public enum ResultStatistics {
    /// The `summary.csv` rows of `results`, groups in order of first appearance. NaN values
    /// are left out. O(rows + groups · resamples · clusters), the groups spread over the cores
    /// when `parallel`.
    public static func summary(_ results: [ResultRow], settings: StatisticsSettings, parallel: Bool = true) -> [SummaryRow] {
        struct Key: Hashable { var dataset: String; var pipeline: String; var metric: String }
        var order: [Key] = []
        var groups: [Key: (unit: String, values: [Double], clusters: [Int])] = [:]
        var clusterIds: [String: Int] = [:]
        for (i, r) in results.enumerated() where !r.value.isNaN {
            let k = Key(dataset: r.dataset, pipeline: r.pipeline, metric: r.metric)
            if groups[k] == nil { order.append(k); groups[k] = (r.unit, [], []) }
            groups[k]!.values.append(r.value)
            groups[k]!.clusters.append(cluster(of: r, index: i, unit: settings.unit, ids: &clusterIds))
        }
        let work = order.map { k in (key: k, group: groups[k]!) }
        @Sendable func row(_ i: Int) -> SummaryRow {
            let k = work[i].key
            let (unit, values, clusters) = work[i].group
            let sorted = values.sorted()
            var sum = 0.0
            for v in values { sum += v }
            let groupSeed = BootstrapInterval.seed(for: "\(k.dataset)\u{1F}\(k.pipeline)\u{1F}\(k.metric)", base: settings.seed)
            let ci = ClusterBootstrap.intervalOfMean(values, clusters: clusters, resamples: settings.resamples, seed: groupSeed)
            return SummaryRow(dataset: k.dataset, pipeline: k.pipeline, metric: k.metric, unit: unit, n: values.count,
                              mean: sum / Double(values.count), median: Summary.percentile(sorted: sorted, 0.5),
                              p95: Summary.percentile(sorted: sorted, 0.95), min: sorted[0], max: sorted[sorted.count - 1],
                              ciLow: ci?.low ?? .nan, ciHigh: ci?.high ?? .nan)
        }
        return inOrder(count: work.count, parallel: parallel, row)
    }

    /// `make(0..<count)` in order, computed on every core when `parallel` (each index once).
    private static func inOrder<T>(count: Int, parallel: Bool, _ make: @Sendable (Int) -> T) -> [T] {
        guard parallel, count > 1 else { return (0..<count).map(make) }
        let slots = Slots<T>(count: count)
        DispatchQueue.concurrentPerform(iterations: count) { i in slots[i] = make(i) }
        return slots.values.map { $0! }
    }

    /// The `summary_paired.csv` rows of `results` (see the type's documentation). `pipelines`
    /// gives the order (the experiment's); the baseline is moved first. `kinds` gives each
    /// stroke's input kind (a stroke it does not know has kind ""). Groups: datasets in order of
    /// first appearance, then stylus, finger, mouse, then metrics in order of first appearance.
    /// Rows standing for a whole dataset (stroke `all`) are not paired.
    /// O(rows + pairs · resamples · clusters), the dataset × kind × metric groups spread over
    /// the cores when `parallel`.
    public static func paired(_ results: [ResultRow], pipelines: [String], settings: StatisticsSettings,
                              kinds: StrokeKinds = StrokeKinds(), parallel: Bool = true) -> [PairedSummaryRow] {
        struct Group: Hashable { var dataset: String; var kind: String }
        var datasetOrder: [String] = []
        var kindsOf: [String: [String]] = [:]
        var metricOrder: [Group: [String]] = [:]
        // group → metric → pipeline → stroke key → value
        var values: [Group: [String: [String: [String: Double]]]] = [:]
        var units: [String: String] = [:]
        var strokeTrace: [String: String] = [:]
        // A stroke's rows come together (pipeline by pipeline, metric by metric): its group and
        // key are found once per run of its rows, and the group's values (and its dataset's
        // units: dataset's metric → unit of its last row) are taken out of their tables while
        // its rows last, so a row costs lookups by metric, pipeline and stroke only.
        var last: (dataset: String, trace: String, stroke: String, group: Group, key: String)? = nil
        var unitsByDataset: [String: [String: String]] = [:]
        var current: (group: Group, values: [String: [String: [String: Double]]])? = nil
        var currentUnits: (dataset: String, units: [String: String])? = nil
        for r in results where !r.value.isNaN && r.stroke != Benchmark.allStrokes {
            let g: Group, strokeKey: String
            if let l = last, l.stroke == r.stroke, l.trace == r.trace, l.dataset == r.dataset {
                (g, strokeKey) = (l.group, l.key)
            } else {
                g = Group(dataset: r.dataset, kind: kinds.kindText(of: r))
                strokeKey = r.trace + "\u{1F}" + r.stroke
                strokeTrace[strokeKey] = r.trace
                if kindsOf[r.dataset] == nil { datasetOrder.append(r.dataset); kindsOf[r.dataset] = [] }
                if current?.group != g {
                    if let c = current { values[c.group] = c.values }
                    if let taken = values.removeValue(forKey: g) {
                        current = (g, taken)
                    } else {
                        kindsOf[r.dataset]!.append(g.kind)
                        metricOrder[g] = []
                        current = (g, [:])
                    }
                }
                if currentUnits?.dataset != r.dataset {
                    if let c = currentUnits { unitsByDataset[c.dataset] = c.units }
                    currentUnits = (r.dataset, unitsByDataset.removeValue(forKey: r.dataset) ?? [:])
                }
                last = (r.dataset, r.trace, r.stroke, g, strokeKey)
            }
            if current!.values[r.metric] == nil { metricOrder[g]!.append(r.metric); current!.values[r.metric] = [:] }
            current!.values[r.metric]![r.pipeline, default: [:]][strokeKey] = r.value
            currentUnits!.units[r.metric] = r.unit
        }
        if let c = current { values[c.group] = c.values }
        if let c = currentUnits { unitsByDataset[c.dataset] = c.units }
        for (d, byMetric) in unitsByDataset {
            for (m, unit) in byMetric { units[d + "\u{1F}" + m] = unit }
        }
        let groups = datasetOrder.flatMap { d in
            kindsOf[d]!.sorted { StrokeKinds.order($0) < StrokeKinds.order($1) }.flatMap { k in
                metricOrder[Group(dataset: d, kind: k)]!.map { m in (group: Group(dataset: d, kind: k), metric: m) }
            }
        }
        let table = values, unitOf = units, traceOf = strokeTrace
        let minCoverage = settings.rules.minCoverage
        // One dataset × kind × metric group: its rows, in the documented order.
        @Sendable func rows(_ g: Int) -> [PairedSummaryRow] {
            let (group, m) = (groups[g].group, groups[g].metric)
            let d = group.dataset, kind = group.kind
            var out: [PairedSummaryRow] = []
            let byPipeline = table[group]![m]!
            var present = pipelines.filter { byPipeline[$0] != nil }
            present += byPipeline.keys.sorted().filter { !present.contains($0) }
            if let b = settings.baseline, let i = present.firstIndex(of: b) {
                present.remove(at: i)
                present.insert(b, at: 0)
            }
            guard !present.isEmpty else { return [] }
            // The strokes every well-covered pipeline measured, in the baseline's order. A
            // pipeline that measured fewer than minCoverage of the strokes of the best-covered
            // one (a stabilizer whose dead zone swallows short strokes) does not shrink the set
            // every other comparison rests on: it is compared on the common strokes it measured.
            let most = present.map { byPipeline[$0]!.count }.max() ?? 0
            let covers = present.map { Double(byPipeline[$0]!.count) >= minCoverage * Double(most) - 1e-9 }
            let covering = present.indices.filter { covers[$0] }
            let common = Set(byPipeline.values.flatMap(\.keys)).sorted().filter { key in
                covering.allSatisfy { byPipeline[present[$0]]![key] != nil }
            }
            guard !common.isEmpty else { return [] }
            // Each pipeline's values over the common strokes, by the stroke's place in `common`
            // (looked up once, not once per pair).
            var columns: [[Double]] = [], has: [[Bool]] = []
            for p in present {
                let own = byPipeline[p]!
                var column = [Double](repeating: 0, count: common.count), measured = [Bool](repeating: false, count: common.count)
                for (i, key) in common.enumerated() {
                    if let v = own[key] { column[i] = v; measured[i] = true }
                }
                columns.append(column)
                has.append(measured)
            }
            var ids: [String: Int] = [:]
            var clusterOf: [Int] = []
            clusterOf.reserveCapacity(common.count)
            for (i, key) in common.enumerated() {
                switch settings.unit {
                case .stroke: clusterOf.append(i)
                case .trace:
                    let t = traceOf[key]!
                    if ids[t] == nil { ids[t] = ids.count }
                    clusterOf.append(ids[t]!)
                }
            }
            let everyCommon = Array(common.indices)
            // The strokes (places in `common`) a comparison of pipelines `ps` rests on: the
            // common ones all of them measured.
            func strokes(_ ps: [Int]) -> [Int] {
                ps.allSatisfy({ covers[$0] }) ? everyCommon : everyCommon.filter { i in ps.allSatisfy { has[$0][i] } }
            }
            func column(_ p: Int, _ keys: [Int]) -> [Double] { keys.map { columns[p][$0] } }
            // Clusters renumbered from 0 in order of appearance, as the bootstrap expects.
            func clusters(_ keys: [Int]) -> [Int] {
                var renumber: [Int: Int] = [:]
                return keys.map { k in
                    let c = clusterOf[k]
                    if let r = renumber[c] { return r }
                    renumber[c] = renumber.count
                    return renumber.count - 1
                }
            }
            let unit = unitOf[d + "\u{1F}" + m] ?? ""
            // A pipeline's mean with its interval, and its median, over `keys`, cached for the common set.
            typealias Own = (mean: Double, interval: (low: Double, high: Double)?, median: Double)
            var commonMeans: [Int: Own] = [:]
            let seedGroup = kind.isEmpty ? d : d + "\u{1F}" + kind
            func mean(_ p: Int, _ keys: [Int], _ cl: [Int]) -> Own {
                let isCommon = keys.count == common.count
                if isCommon, let cached = commonMeans[p] { return cached }
                let v = column(p, keys)
                var sum = 0.0
                for x in v { sum += x }
                let seed = BootstrapInterval.seed(for: "\(seedGroup)\u{1F}\(present[p])\u{1F}\(m)\u{1F}common", base: settings.seed)
                let result: Own = (sum / Double(v.count), ClusterBootstrap.intervalOfMean(v, clusters: cl, resamples: settings.resamples, seed: seed),
                                   Summary.percentile(sorted: v.sorted(), 0.5))
                if isCommon { commonMeans[p] = result }
                return result
            }
            let commonClusters = clusters(everyCommon)
            func row(_ p: Int, _ b: Int) -> PairedSummaryRow? {
                let keys = strokes([p, b])
                guard !keys.isEmpty else { return nil }
                let cl = keys.count == common.count ? commonClusters : clusters(keys)
                let seed = BootstrapInterval.seed(for: "\(seedGroup)\u{1F}\(present[p])\u{1F}\(present[b])\u{1F}\(m)", base: settings.seed)
                guard let diff = PairedComparison.difference(column(p, keys), column(b, keys), clusters: cl,
                                                             resamples: settings.resamples, seed: seed) else { return nil }
                let own = mean(p, keys, cl)
                return PairedSummaryRow(dataset: d, kind: kind, metric: m, unit: unit, pipeline: present[p], baseline: present[b], n: diff.count,
                                        traces: diff.clusters, mean: own.mean, ciLow: own.interval?.low ?? .nan,
                                        ciHigh: own.interval?.high ?? .nan, median: own.median, baselineMean: diff.meanB,
                                        difference: diff.mean, differenceLow: diff.interval?.low ?? .nan,
                                        differenceHigh: diff.interval?.high ?? .nan)
            }
            if let r = row(0, 0) { out.append(r) }
            for j in present.indices.dropFirst() {
                for i in 0..<j { if let r = row(j, i) { out.append(r) } }
            }
            return out
        }
        return inOrder(count: groups.count, parallel: parallel, rows).flatMap { $0 }
    }

    /// The bootstrap cluster of row `r` (index `i` in its table).
    private static func cluster(of r: ResultRow, index i: Int, unit: BootstrapUnit, ids: inout [String: Int]) -> Int {
        if unit == .stroke || r.stroke == Benchmark.allStrokes { return -1 - i }
        let key = r.dataset + "\u{1F}" + r.trace
        if let id = ids[key] { return id }
        ids[key] = ids.count
        return ids.count - 1
    }
}
