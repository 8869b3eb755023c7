import StrokeCore

/// Settings for the importers (``TraceImport``). Every field has a default that suits the
/// public datasets StrokeLab knows; a field that does not apply to a format is ignored by it.
public struct ImportOptions: Hashable, Sendable {
    /// Display refresh rate (Hz) at which samples are grouped into events
    /// (``FrameGrouping/events(from:refreshRateHz:terminalPhase:)``) and written as the
    /// trace's `refreshRateHz`. `nil`: the file's own value where it has one (InkML written by
    /// StrokeLab), otherwise 60. Native traces keep their own events and rate.
    public var refreshRateHz: Double?
    /// When set, re-time each stroke at this nominal sample rate (Hz) to undo host-time
    /// bursts (``Retiming/retime(_:nominalRateHz:)``). `nil` (the default) keeps the
    /// recorded timestamps. Applies to every format but native and `.cyn`.
    public var retimeHz: Double?
    /// Device units per millimetre of tablets that report raw coordinates (raw `.svc`,
    /// wacom-speed CSV). `nil`: 200 (5080 lines per inch, Wacom's resolution for the Intuos and
    /// MobileStudio Pro families).
    public var tabletUnitsPerMillimetre: Double?
    /// Full-scale raw pressure. `nil`: the format's documented maximum (wacom-speed CSV: 32767)
    /// or, where none is documented (raw `.svc`), the file's largest pressure.
    public var pressureMax: Double?
    /// Trace units per normalised unit for `.cyn` coordinates (0…1). Default 1000.
    public var cynUnitsPerNormalisedUnit: Double
    /// Sample rate (Hz) given to InkML traces that have neither a `T` channel nor a
    /// `duration`; such traces are marked `resampled` because their timing is invented.
    /// Default: the file's `<sampleRate>` if it has one, else 100.
    public var untimedSampleRateHz: Double?
    /// The column mapping of a generic CSV (``CSVColumnMapping``); required for `csv`.
    public var csvMapping: String?
    /// Field separator of a generic CSV; `nil` detects `;`, `,`, tab, or runs of blanks from
    /// the first line.
    public var csvSeparator: Character?
    /// Units of the mapped `x`, `y` of a generic CSV. Default ``LengthUnit/pt``.
    public var csvUnits: LengthUnit
    /// Millimetres per mapped CSV unit, when known (implied 1 for `mm`; otherwise unknown
    /// unless given — a `pt` table from an iPad Pro is ``StrokeCore/LengthUnit/millimetresPerPoint``,
    /// 25.4/132, but iOS points are 25.4/163 mm on an iPhone, so it is not assumed).
    public var csvMillimetresPerUnit: Double?
    /// Replaces the device name the importer would write into the metadata.
    public var device: String?

    /// Creates options; every argument defaults as documented on its property.
    public init(refreshRateHz: Double? = nil, retimeHz: Double? = nil, tabletUnitsPerMillimetre: Double? = nil,
                pressureMax: Double? = nil, cynUnitsPerNormalisedUnit: Double = 1000, untimedSampleRateHz: Double? = nil,
                csvMapping: String? = nil, csvSeparator: Character? = nil, csvUnits: LengthUnit = .pt,
                csvMillimetresPerUnit: Double? = nil, device: String? = nil) {
        self.refreshRateHz = refreshRateHz
        self.retimeHz = retimeHz
        self.tabletUnitsPerMillimetre = tabletUnitsPerMillimetre
        self.pressureMax = pressureMax
        self.cynUnitsPerNormalisedUnit = cynUnitsPerNormalisedUnit
        self.untimedSampleRateHz = untimedSampleRateHz
        self.csvMapping = csvMapping
        self.csvSeparator = csvSeparator
        self.csvUnits = csvUnits
        self.csvMillimetresPerUnit = csvMillimetresPerUnit
        self.device = device
    }

    /// The refresh rate to group by: the option, else `fileValue`, else 60.
    func refresh(fileValue: Double? = nil) -> Double { refreshRateHz ?? fileValue ?? 60 }

    /// Checks that every numeric option is positive and finite; `file` names the input in
    /// the error so a batch says which import the options were for.
    func validate(file: String) throws(TraceFileError) {
        let checks: [(String, Double?)] = [
            ("refreshRateHz", refreshRateHz), ("retimeHz", retimeHz),
            ("tabletUnitsPerMillimetre", tabletUnitsPerMillimetre), ("pressureMax", pressureMax),
            ("cynUnitsPerNormalisedUnit", cynUnitsPerNormalisedUnit), ("untimedSampleRateHz", untimedSampleRateHz),
            ("csvMillimetresPerUnit", csvMillimetresPerUnit),
        ]
        for (name, value) in checks {
            if let v = value, !(v > 0 && v.isFinite) {
                throw TraceFileError(file: file, problem: "import option \(name) must be a positive finite number, not \(v)")
            }
        }
        if let v = csvMillimetresPerUnit, !PhysicalScale.range.contains(v) {
            throw TraceFileError(file: file, problem: "import option csvMillimetresPerUnit must be in \(PhysicalLength.scaleRangeText), not \(v)")
        }
    }
}
