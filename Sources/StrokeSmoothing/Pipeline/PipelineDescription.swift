import StrokeCore

/// One stage of a resolved pipeline: its descriptor and every parameter's value.
public struct ResolvedStage: Sendable {
    /// The registered stage.
    public var descriptor: StageDescriptor
    /// All parameters, defaults filled in, in declaration order, as written (lengths in
    /// their declared units).
    public var parameters: ResolvedParameters
    /// The scale of the trace the stage is built for, millimetres per trace unit: its lengths
    /// are converted to that trace's units when it is built (``implementation``). `nil`: built
    /// with the values as written, read as trace units.
    public var millimetresPerUnit: Double? = nil

    /// `kind:id(name=value,…)` with every parameter; `kind:id` when it has none.
    public var canonical: String {
        let head = "\(descriptor.kind.rawValue):\(descriptor.id)"
        guard !parameters.values.isEmpty else { return head }
        return head + "(" + parameters.values.map { "\($0.name)=\($0.value)" }.joined(separator: ",") + ")"
    }
}

/// A pipeline label resolved against a ``StageRegistry``: input view, stages in order, every
/// parameter known. Build replayers from it with ``makeReplayer()``.
public struct PipelineDescription: Sendable {
    /// The label as the user wrote it (what result tables show).
    public var label: String
    /// Main or coalesced samples.
    public var input: InputView
    /// Filters, the interpolator, the predictor and styles, in that order.
    public var stages: [ResolvedStage]

    /// What the pipeline does to a stroke: the union of its stages' declared behaviour
    /// (``StageDescriptor/behaviour``).
    public var behaviour: StageBehaviour {
        stages.reduce(into: StageBehaviour()) { $0.formUnion($1.descriptor.behaviour) }
    }

    /// Resolves `label`.
    ///
    /// The first stage may be an input view (`main`, `coalesced`; `main` when left out) or a
    /// preset (`midpoint-bezier`, with optional parameters, each going to the preset's stage
    /// that declares it — its interpolator when that does, else the first such stage:
    /// `bezier4(tail=complete)`, `perfect-freehand(simulatePressure=off)`). A stage's kind may be left out when its id
    /// names one stage only. Stages must come in the order filter → interp → predict →
    /// style, with at most one interpolator (when none is written, the input view's seed
    /// default: `interp:linear` for `main`, `interp:coalesced-only` for `coalesced`) and at
    /// most one predictor.
    /// - Throws: ``PipelineError`` naming the label and the unknown id, unknown parameter,
    ///   bad value, ambiguity or ordering problem.
    public init(parsing label: String, registry: StageRegistry = .standard) throws(PipelineError) {
        let parsed = try PipelineLabel(parsing: label)
        self.label = label
        var input = InputView.main
        var written = parsed.stages
        var presetParameters: [(name: String, value: String)] = []
        var presetName: String? = nil
        var presetStageCount = 0

        if let first = written.first, first.kind == nil {
            if let view = InputView(rawValue: first.id) {
                guard first.parameters.isEmpty else {
                    throw PipelineError(label: label, problem: "the input view '\(first.id)' takes no parameters")
                }
                input = view
                written.removeFirst()
            } else if let preset = registry.preset(named: first.id) {
                let expansion = try PipelineLabel(parsing: preset.expansion)
                var expanded = expansion.stages
                if let view = InputView(rawValue: expanded[0].id), expanded[0].kind == nil {
                    input = view
                    expanded.removeFirst()
                }
                presetParameters = first.parameters
                presetName = preset.name
                presetStageCount = expanded.count
                written = expanded + written.dropFirst()
            }
        }
        if let extra = written.first(where: { $0.kind == nil && InputView(rawValue: $0.id) != nil }) {
            throw PipelineError(label: label, problem: "the input view '\(extra.id)' must be the first stage")
        }

        var descriptors: [StageDescriptor] = []
        for stage in written { descriptors.append(try Self.lookUp(stage, in: registry, label: label)) }
        // A preset's parameters go to the stage of its expansion that declares them.
        var routed = Array(repeating: [(name: String, value: String)](), count: written.count)
        if let presetName {
            let own = 0..<presetStageCount
            for parameter in presetParameters {
                let declares = { (i: Int) in descriptors[i].parameters.contains { $0.name == parameter.name } }
                guard let target = own.first(where: { descriptors[$0].kind == .interp && declares($0) })
                        ?? own.first(where: declares) else {
                    let known = own.flatMap { i in descriptors[i].parameters.map(\.name) }
                    throw PipelineError(label: label, problem: "preset '\(presetName)' has no parameter '\(parameter.name)'"
                        + ClosestName.hint(for: parameter.name, among: known)
                        + (known.isEmpty ? " (it takes none)" : " (it takes: \(known.joined(separator: ", ")))"))
                }
                routed[target].append(parameter)
            }
        }
        var stages: [ResolvedStage] = []
        for (k, stage) in written.enumerated() {
            stages.append(try Self.resolve(descriptors[k], given: routed[k] + stage.parameters, registry: registry, label: label))
        }

        // Order and multiplicity.
        for (a, b) in zip(stages, stages.dropFirst()) where b.descriptor.kind < a.descriptor.kind {
            throw PipelineError(label: label, problem: "'\(b.canonical)' comes after '\(a.canonical)'; stages run filter → interp → predict → style")
        }
        let interpolators = stages.filter { $0.descriptor.kind == .interp }
        if interpolators.isEmpty {
            // No curve builder: straight segments through the samples, as the seed app of
            // each input view draws them (`coalesced|style:scribble` is Scribble).
            guard !stages.isEmpty else {
                throw PipelineError(label: label, problem: "no stages (add one, e.g. 'interp:linear', or start from a preset)")
            }
            let id = input == .main ? LinearInterpolator.id : CoalescedOnlyInterpolator.id
            guard let descriptor = registry.stage(.interp, id) else {
                throw PipelineError(label: label, problem: "no interpolator, and the registry has no interp:\(id) to default to")
            }
            let position = stages.firstIndex { $0.descriptor.kind > .interp } ?? stages.count
            stages.insert(try Self.resolve(descriptor, given: [], registry: registry, label: label), at: position)
        } else if interpolators.count > 1 {
            throw PipelineError(label: label, problem: "\(interpolators.count) interpolators; a pipeline has exactly one")
        }
        guard stages.filter({ $0.descriptor.kind == .predict }).count <= 1 else {
            throw PipelineError(label: label, problem: "more than one predictor")
        }
        if let predictor = stages.first(where: { $0.descriptor.kind == .predict }),
           let required = predictor.descriptor.requiredFilter {
            let last = stages.last(where: { $0.descriptor.kind == .filter })
            guard let last, "\(last.descriptor.kind.rawValue):\(last.descriptor.id)" == required else {
                throw PipelineError(label: label, problem: "predict:\(predictor.descriptor.id) predicts from the state of \(required), "
                    + "which must be the last filter (e.g. 'coalesced|\(required)|interp:linear|predict:\(predictor.descriptor.id)')"
                    + (last.map { "; the last filter is \($0.descriptor.kind.rawValue):\($0.descriptor.id)" } ?? ""))
            }
        }
        self.input = input
        self.stages = stages
    }

    /// Resolves one stage written alone (`filter:one-euro(beta=0.1)`, or an id that names one
    /// stage only), every parameter filled in and validated: what `strokelab bench --stage`
    /// measures.
    /// - Throws: ``PipelineError`` naming the text and the problem.
    public static func resolveStage(_ text: String, registry: StageRegistry = .standard) throws(PipelineError) -> ResolvedStage {
        let parsed = try PipelineLabel(parsing: text)
        guard parsed.stages.count == 1 else {
            throw PipelineError(label: text, problem: "expected one stage (kind:id(param=value,…)), got \(parsed.stages.count)")
        }
        let stage = parsed.stages[0]
        let descriptor = try lookUp(stage, in: registry, label: text)
        if let required = descriptor.requiredFilter {
            throw PipelineError(label: text, problem: "\(descriptor.kind.rawValue):\(descriptor.id) predicts from the state of \(required) "
                + "and cannot run alone; measure it in a pipeline (e.g. 'coalesced|\(required)|interp:linear|\(descriptor.kind.rawValue):\(descriptor.id)')")
        }
        return try resolve(descriptor, given: stage.parameters, registry: registry, label: text)
    }

    /// Resolves what `strokelab bench --stage` measures: one stage written alone
    /// (``resolveStage(_:registry:)``), or a filter followed by the predictor that predicts
    /// from its state (`filter:ink-modeler|predict:ink-kalman`: ink's Update and Predict, which
    /// cannot run apart).
    /// - Throws: ``PipelineError`` naming the text and the problem.
    public static func resolveStages(_ text: String, registry: StageRegistry = .standard) throws(PipelineError) -> [ResolvedStage] {
        let parsed = try PipelineLabel(parsing: text)
        guard parsed.stages.count == 2 else { return [try resolveStage(text, registry: registry)] }
        let filter = try lookUp(parsed.stages[0], in: registry, label: text)
        let predictor = try lookUp(parsed.stages[1], in: registry, label: text)
        guard filter.kind == .filter, predictor.kind == .predict, predictor.requiredFilter == "filter:\(filter.id)" else {
            throw PipelineError(label: text, problem: "expected one stage (kind:id(param=value,…)), or a filter and the predictor "
                + "that reads its state (e.g. 'filter:ink-modeler|predict:ink-kalman')")
        }
        return [try resolve(filter, given: parsed.stages[0].parameters, registry: registry, label: text),
                try resolve(predictor, given: parsed.stages[1].parameters, registry: registry, label: text)]
    }

    /// Checks the written parameters against the stage's declarations and builds it once, so
    /// every domain and cross-parameter check runs at resolution.
    private static func resolve(_ descriptor: StageDescriptor, given: [(name: String, value: String)],
                                registry: StageRegistry, label: String) throws(PipelineError) -> ResolvedStage {
        for (name, _) in given where !descriptor.parameters.contains(where: { $0.name == name }) {
            let known = descriptor.parameters.map(\.name)
            // An id shared by two kinds (interp:linear, predict:linear): point at the one
            // that takes this parameter, since that is almost certainly what was meant.
            let sibling = registry.stages(withID: descriptor.id).first {
                $0.kind != descriptor.kind && $0.parameters.contains(where: { $0.name == name })
            }
            throw PipelineError(label: label, problem: "\(descriptor.kind.rawValue):\(descriptor.id) has no parameter '\(name)'"
                + ClosestName.hint(for: name, among: known)
                + (known.isEmpty ? " (it takes none)" : " (it takes: \(known.joined(separator: ", ")))")
                + (sibling.map { "; did you mean \($0.kind.rawValue):\($0.id)?" } ?? ""))
        }
        var values: [(name: String, value: ParameterValue)] = []
        for spec in descriptor.parameters {
            if let text = given.last(where: { $0.name == spec.name })?.value {
                do { values.append((spec.name, try spec.parse(text))) } catch {
                    throw PipelineError(label: label, problem: "\(descriptor.kind.rawValue):\(descriptor.id): \(error.description)")
                }
            }
        }
        do { return ResolvedStage(descriptor: descriptor, parameters: try descriptor.make(values).parameters) } catch {
            throw PipelineError(label: label, problem: "\(descriptor.kind.rawValue):\(descriptor.id): \(error.description)")
        }
    }

    private static func lookUp(_ stage: PipelineLabel.Stage, in registry: StageRegistry, label: String) throws(PipelineError) -> StageDescriptor {
        var candidates = registry.stages(withID: stage.id)
        if let kindText = stage.kind {
            guard let kind = StageKind(rawValue: kindText) else {
                throw PipelineError(label: label, problem: "unknown stage kind '\(kindText)'\(ClosestName.hint(for: kindText, among: StageKind.allCases.map(\.rawValue))) (one of: \(StageKind.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            candidates = candidates.filter { $0.kind == kind }
            guard let found = candidates.first else {
                let known = registry.stages.filter { $0.kind == kind }.map(\.id)
                throw PipelineError(label: label, problem: "unknown \(kind.rawValue) '\(stage.id)'"
                    + ClosestName.hint(for: stage.id, among: known)
                    + (known.isEmpty ? " (no \(kind.rawValue) stages are registered)" : " (known: \(known.joined(separator: ", ")))"))
            }
            return found
        }
        switch candidates.count {
        case 1: return candidates[0]
        case 0:
            // The names alone (every stage and preset would not fit in one line): the closest
            // one, and where the whole list is.
            let presets = registry.presets.map(\.name)
            let isPreset = presets.contains(stage.id)
            let hint = isPreset ? "" : ClosestName.hint(for: stage.id, among: registry.stages.map(\.id) + presets)
            throw PipelineError(label: label, problem: isPreset
                ? "'\(stage.id)' is a preset, which may only be the first stage (e.g. '\(stage.id)|predict:linear')"
                : "unknown stage or preset '\(stage.id)'\(hint); 'strokelab list' shows every stage and preset")
        default:
            throw PipelineError(label: label, problem: "'\(stage.id)' is ambiguous: write \(candidates.map { "\($0.kind.rawValue):\(stage.id)" }.joined(separator: " or "))")
        }
    }

    /// The canonical label: input view and every stage with every parameter, e.g.
    /// `main|interp:midpoint-bezier(tail=published)|predict:linear(horizon=16)`. Two labels
    /// that mean the same pipeline have the same canonical form.
    public var canonical: String {
        ([input.rawValue] + stages.map(\.canonical)).joined(separator: "|")
    }

    /// The stages of one kind.
    public func stages(of kind: StageKind) -> [ResolvedStage] { stages.filter { $0.descriptor.kind == kind } }

    /// The pipeline built for a trace of `millimetresPerUnit` (in
    /// `StrokeCore.PhysicalScale.range`): every stage's lengths, written in their declared
    /// physical units (`pt`, `px`, ``LengthDimension``), are converted to the trace's units
    /// when the stages are built (``makeReplayer()``, ``ResolvedStage/implementation``). The
    /// label, canonical form and parameters are unchanged; resolving again replaces the scale.
    /// A description never resolved builds its stages with the values as written, read as
    /// trace units (how the peers' oracle tests run each peer in its own unit).
    ///
    /// An app drawing in iOS points uses `resolved(for: PhysicalScale(stated: .pt))`; the
    /// experiment runner resolves each pipeline for each trace's
    /// `StrokeCore.TraceMetadata.physicalScale`. O(stages).
    public func resolved(forMillimetresPerUnit millimetresPerUnit: Double) -> PipelineDescription {
        precondition(PhysicalScale.range.contains(millimetresPerUnit),
                     "millimetresPerUnit \(millimetresPerUnit) outside \(PhysicalScale.range)")
        var p = self
        for i in p.stages.indices { p.stages[i].millimetresPerUnit = millimetresPerUnit }
        return p
    }

    /// The pipeline built for a trace of `scale` (``resolved(forMillimetresPerUnit:)``).
    public func resolved(for scale: PhysicalScale) -> PipelineDescription {
        resolved(forMillimetresPerUnit: scale.millimetresPerUnit)
    }

    /// The scale the pipeline was resolved for (millimetres per trace unit), or `nil`.
    public var millimetresPerUnit: Double? { stages.first?.millimetresPerUnit }

    /// Builds a fresh replayer (its stages in their initial state, built for the scale the
    /// description was resolved for). Each stage's concrete type is opened once per event by
    /// the replayer, never per sample (``PipelineReplayer``).
    public func makeReplayer() -> PipelineReplayer {
        PipelineReplayer(input: input, stages: stages.map(\.implementation), baseInk: baseInk)
    }

    /// The ink styles start from and an unstyled pipeline draws with:
    /// `StrokeCore.InkAttributes.default` (2 pt wide, black), its width converted to the
    /// trace's units when the description was resolved for a scale.
    public var baseInk: InkAttributes {
        var ink = InkAttributes.default
        if let m = millimetresPerUnit { ink.width *= LengthDimension.pt.factor(millimetresPerUnit: m) }
        return ink
    }
}

extension ResolvedStage {
    /// A fresh instance of the stage, its lengths converted to the units of a trace of
    /// ``millimetresPerUnit`` when set. Its parameters were validated when the label was
    /// resolved (and conversion keeps what a built stage checks), so building it cannot fail.
    public var implementation: StageImplementation {
        do { return try descriptor.make(parameters.values, millimetresPerUnit: millimetresPerUnit).stage } catch {
            preconditionFailure("\(canonical): resolved parameters no longer validate: \(error)")
        }
    }
}
