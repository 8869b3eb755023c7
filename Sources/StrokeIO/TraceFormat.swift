/// The file formats StrokeLab imports, by their command-line id (`strokelab import FORMAT`).
public enum TraceFormat: String, Sendable, Hashable, CaseIterable {
    /// StrokeLab's native JSON trace (``NativeTraceReader``), `.json`.
    case native
    /// Wacom / BDALab `.svc` text (``SVCReader``).
    case svc
    /// BDALab handwriting-sample JSON, the `.svc` columns as arrays (``BDALabJSONReader``), `.json`.
    case bdalabJSON = "bdalab-json"
    /// wacom-speed CSV, `EventType;T;X;Y;P;Altitude;Azimuth;Distance` (``WacomCSVReader``), `.csv`.
    case wacomCSV = "wacom-csv"
    /// Browser Pointer Events JSON (``PointerEventsReader``), `.json`.
    case pointerEvents = "pointer-events"
    /// HelpingHand `.cyn` (``CynReader``).
    case cyn
    /// W3C InkML (``InkMLReader``), `.inkml`, `.ink`, `.xml`.
    case inkml
    /// Any delimited table with a column mapping (``CSVMappedReader``), `.csv`, `.tsv`, `.txt`.
    case csv

    /// File extensions (lower case, no dot) this format is found under.
    public var extensions: [String] {
        switch self {
        case .native, .bdalabJSON, .pointerEvents: return ["json"]
        case .svc: return ["svc"]
        case .wacomCSV: return ["csv"]
        case .cyn: return ["cyn"]
        case .inkml: return ["inkml", "ink", "xml"]
        case .csv: return ["csv", "tsv", "txt"]
        }
    }

    /// One line describing the format, for `--help`.
    public var summary: String {
        switch self {
        case .native: return "StrokeLab native trace JSON"
        case .svc: return "Wacom/BDALab .svc (x y t pen-status azimuth altitude pressure)"
        case .bdalabJSON: return "BDALab handwriting-sample JSON (meta_data + data arrays)"
        case .wacomCSV: return "wacom-speed CSV (EventType;T;X;Y;P;Altitude;Azimuth;Distance)"
        case .pointerEvents: return "browser Pointer Events JSON (x, y, time, pressure, buttons, tiltX, tiltY)"
        case .cyn: return "HelpingHand .cyn (arc-length resampled; marked resampled)"
        case .inkml: return "W3C InkML"
        case .csv: return "generic delimited table with a column mapping (--map)"
        }
    }
}
