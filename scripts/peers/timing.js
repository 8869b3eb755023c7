// StrokeLab's peer benchmark harness: the timing loop shared by the node drivers (ours, not
// peer code; the same loop as bench_timing.h). A driver times `pass()`: one replay of the
// whole input through the peer's public API, returning a number derived from the output
// (accumulated, so the JIT cannot drop the work). Untimed warm-up passes for at least
// --warmup-seconds (JIT tiering; they also calibrate how many passes make a run last
// --min-run-seconds), then --runs timed runs (process.hrtime.bigint, and the process's CPU
// time from process.cpuUsage: every thread of node, the JIT's and the collector's included),
// each `passes` passes; per run: ns per input = run time / (passes × inputs). Prints one JSON object on stdout.
// --passes N runs exactly N passes untimed (callgrind mode: instructions by difference).
'use strict';
const fs = require('fs');

function parseOptions(argv) {
  const o = { input: null, dump: null, mode: null, runs: 11, minRunSeconds: 0.05, warmupSeconds: 1.0, passes: 0, bundle: null };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) throw new Error(`${a} needs a value`);
      return argv[++i];
    };
    if (a === '--runs') o.runs = parseInt(value(), 10);
    else if (a === '--min-run-seconds') o.minRunSeconds = parseFloat(value());
    else if (a === '--warmup-seconds') o.warmupSeconds = parseFloat(value());
    else if (a === '--passes') o.passes = parseInt(value(), 10);
    else if (a === '--dump') o.dump = value();
    else if (a === '--mode') o.mode = value();
    else if (a === '--bundle') o.bundle = value();
    else if (!a.startsWith('-') && o.input === null) o.input = a;
    else throw new Error(`unknown argument ${a}`);
  }
  if (o.input === null) throw new Error('no input file given');
  if (o.bundle === null) throw new Error('no --bundle given');
  if (!(o.runs >= 1 && o.runs <= 1000)) throw new Error('--runs must be in 1…1000');
  if (!(o.minRunSeconds > 0 && o.minRunSeconds <= 60)) throw new Error('--min-run-seconds must be in (0, 60]');
  return o;
}

/** The harness's input file: one sample per line, "t x y pressure ends_frame". */
function readSamples(path) {
  const samples = [];
  fs.readFileSync(path, 'utf8').split('\n').forEach((line, index) => {
    if (line.trim() === '') return;
    const f = line.trim().split(/\s+/).map(Number);
    if (f.length !== 5 || f.some((v) => !Number.isFinite(v))) throw new Error(`${path}:${index + 1}: expected 't x y pressure ends_frame'`);
    samples.push({ t: f[0], x: f[1], y: f[2], pressure: f[3], endsFrame: f[4] !== 0 });
  });
  if (samples.length < 2) throw new Error(`${path}: needs at least 2 samples`);
  return samples;
}

function quantile(sorted, q) {
  const pos = q * (sorted.length - 1);
  const lo = Math.floor(pos);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo] + (pos - lo) * (sorted[hi] - sorted[lo]);
}

function measure(o, workload, inputs, pass) {
  let sink = 0;
  if (o.passes > 0) {
    for (let p = 0; p < o.passes; p++) sink += pass();
    console.log(JSON.stringify({ workload, inputs, passes: o.passes, checksum: sink }));
    return;
  }
  const now = () => process.hrtime.bigint();
  let fastest = Infinity;
  const warmStart = now();
  do {
    const t0 = now();
    sink += pass();
    fastest = Math.min(fastest, Number(now() - t0) / 1e9);
  } while (Number(now() - warmStart) / 1e9 < o.warmupSeconds);
  const passes = Math.min(1e7, Math.max(1, Math.ceil(o.minRunSeconds / Math.max(fastest, 1e-9))));
  const ns = [];
  const cpu = [];
  for (let r = 0; r < o.runs; r++) {
    const c0 = process.cpuUsage();
    const t0 = now();
    let sum = 0;
    for (let p = 0; p < passes; p++) sum += pass();
    const t1 = now();
    const c = process.cpuUsage(c0);
    sink += sum;
    ns.push(Number(t1 - t0) / (passes * inputs));
    cpu.push(((c.user + c.system) * 1000) / (passes * inputs));
  }
  ns.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  const r4 = (v) => Math.round(v * 1e4) / 1e4;
  console.log(JSON.stringify({
    workload, inputs, runs: o.runs, passes_per_run: passes,
    ns_per_input: { median: r4(quantile(ns, 0.5)), min: r4(ns[0]), max: r4(ns[ns.length - 1]), q1: r4(quantile(ns, 0.25)), q3: r4(quantile(ns, 0.75)) },
    cpu_ns_per_input: { median: r4(quantile(cpu, 0.5)), min: r4(cpu[0]), max: r4(cpu[cpu.length - 1]) },
    checksum: sink,
  }));
}

/** Runs `main` and turns any error into one line on stderr and exit status 2. */
function run(name, main) {
  try {
    main(parseOptions(process.argv.slice(2)));
  } catch (e) {
    process.stderr.write(`${name}: ${e && e.message ? e.message : e}\n`);
    process.exit(2);
  }
}

module.exports = { parseOptions, readSamples, measure, run };
