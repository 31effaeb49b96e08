// Summarises a V8 .cpuprofile (node --cpu-prof): self and inclusive time by
// function and by package, optionally restricted to a time window.
//
// Format: `nodes` form a call tree ({id, callFrame: {functionName, url,
// lineNumber, columnNumber}, children}); `samples[i]` is the node on top of the
// stack at sample i, `timeDeltas[i]` the µs since the previous sample;
// `startTime` is on the monotonic clock (the same as process.hrtime).
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { round } from './stats.mjs';

/** Runtime layers whose time is better charged to the package that called into them. */
const RUNTIME = new Set(['node: internals', '(V8 builtins)', '(V8/native, unattributed)']);
/** WebAssembly frames (PGlite's Postgres, compiled without function names). */
const WASM = 'wasm (@electric-sql/pglite)';

/**
 * @param profile parsed .cpuprofile
 * @param options.repoRoot paths are shown relative to it
 * @param options.window {startUs, endUs} on the monotonic clock: only samples inside count
 * @param options.cpuUsPerTurn server CPU per turn measured without the profiler: each row's share of
 *   the samples is converted to an estimated CPU cost per turn with it. (Sampled time itself is wall
 *   time of the thread: it grows when the machine is busy, so it is not used as CPU time.)
 * @param options.turns instead of cpuUsPerTurn (a process with several threads, whose CPU is not known per
 *   thread): the turns of the window; each row's busy sampled time is divided by it.
 */
export function summariseProfile(profile, { repoRoot, window, cpuUsPerTurn, turns, top = 25 }) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parentOf = new Map();
  for (const n of profile.nodes) for (const child of n.children ?? []) parentOf.set(child, n.id);
  const describe = frameDescriber(repoRoot);

  const times = sampleTimes(profile);
  const useWindow = Boolean(window) && times.some((t) => t >= window.startUs && t <= window.endUs);
  const tally = { selfFn: new Map(), totalFn: new Map(), selfPkg: new Map(), totalPkg: new Map(), callerPkg: new Map() };
  const packageOfFn = new Map();
  let busyUs = 0;
  let idleUs = 0;

  profile.samples.forEach((nodeId, i) => {
    if (useWindow && (times[i] < window.startUs || times[i] > window.endUs)) return;
    const duration = i + 1 < times.length ? times[i + 1] - times[i] : 0;
    const leaf = describe(nodes.get(nodeId));
    if (leaf.idle) {
      idleUs += duration;
      return;
    }
    busyUs += duration;
    add(tally.selfFn, leaf.fn, duration);
    add(tally.selfPkg, leaf.pkg, duration);
    // Walk the stack: every distinct function and package on it gets inclusive time (recursion
    // counted once), and the nearest package that is not the runtime is the sample's "caller".
    const fns = new Set();
    const pkgs = new Set();
    let caller;
    for (let id = nodeId; id !== undefined; id = parentOf.get(id)) {
      const frame = describe(nodes.get(id));
      if (frame.root) continue;
      fns.add(frame.fn);
      pkgs.add(frame.pkg);
      packageOfFn.set(frame.fn, frame.pkg);
      if (caller === undefined && !RUNTIME.has(frame.pkg)) caller = frame.pkg;
    }
    for (const fn of fns) add(tally.totalFn, fn, duration);
    for (const pkg of pkgs) add(tally.totalPkg, pkg, duration);
    add(tally.callerPkg, caller ?? leaf.pkg, duration);
  });

  const rank = (self, total, by, keep = () => true) => rankEntries(self, total, { by, busyUs, cpuUsPerTurn, turns, top, keep });
  const actionable = (fn) => !RUNTIME.has(packageOfFn.get(fn)) && packageOfFn.get(fn) !== WASM;
  return {
    window: useWindow ? 'measured load window only' : 'whole process lifetime (window not found in profile)',
    sampledBusyMs: round(busyUs / 1000, 1),
    sampledIdleMs: round(idleUs / 1000, 1),
    ...(turns ? { turns, sampledBusyUsPerTurn: round(busyUs / turns, 1) } : { cpuUsPerTurn }),
    note: 'selfPct/totalPct are shares of the busy main-thread samples; the *CpuUsPerTurn columns convert those shares with the server CPU per turn measured without the profiler (estimates). self = time with the function on top of the stack; total = time with it anywhere on the stack. Async continuations start a new stack, so totals of async functions only cover their synchronous parts. byCallerPackage charges Node internals and V8 builtins (streams, sockets, fs, JSON…) to the nearest package above them on the stack.',
    byCallerPackage: rank(tally.callerPkg, tally.totalPkg, 'self'),
    byPackage: rank(tally.selfPkg, tally.totalPkg, 'self'),
    byFunctionSelf: rank(tally.selfFn, tally.totalFn, 'self'),
    // Event-loop and microtask frames sit under nearly everything and wasm frames have no names:
    // this list keeps JavaScript functions of packages and of our code.
    byFunctionTotal: rank(tally.selfFn, tally.totalFn, 'total', actionable),
  };
}

function sampleTimes(profile) {
  let t = profile.startTime;
  return profile.timeDeltas.map((delta) => (t += delta));
}

function add(map, key, value) {
  map.set(key, (map.get(key) ?? 0) + value);
}

function rankEntries(self, total, { by, busyUs, cpuUsPerTurn, turns, top, keep }) {
  const keys = [...new Set([...self.keys(), ...total.keys()])].filter(keep);
  const pct = (us) => round((100 * us) / busyUs, 1);
  const perTurn = (us) => (turns ? round(us / turns, 1) : cpuUsPerTurn ? round((us / busyUs) * cpuUsPerTurn, 1) : null);
  return keys
    .map((name) => {
      const selfUs = self.get(name) ?? 0;
      const totalUs = total.get(name) ?? 0;
      return {
        name,
        selfPct: pct(selfUs),
        totalPct: pct(totalUs),
        selfCpuUsPerTurn: perTurn(selfUs),
        totalCpuUsPerTurn: perTurn(totalUs),
        sortKey: by === 'self' ? selfUs : totalUs,
      };
    })
    .sort((a, b) => b.sortKey - a.sortKey)
    .slice(0, top)
    .map(({ sortKey: _sortKey, ...entry }) => entry);
}

/**
 * Returns a memoised node → {fn, pkg} labeller. Frames of our own bundled
 * code are mapped back to their TypeScript source through the bundle's source map.
 */
function frameDescriber(repoRoot) {
  const cache = new Map();
  const mapFor = sourceMapLoader();
  return (node) => {
    if (!cache.has(node.id)) cache.set(node.id, describeFrame(node.callFrame, repoRoot, mapFor));
    return cache.get(node.id);
  };
}

function describeFrame({ functionName, url, lineNumber, columnNumber }, repoRoot, mapFor) {
  const name = functionName || '(anonymous)';
  if (functionName === '(root)') return { root: true };
  if (functionName === '(idle)') return { idle: true };
  if (functionName === '(garbage collector)') return { fn: name, pkg: '(garbage collector)' };
  if (functionName === '(program)') return { fn: name, pkg: '(V8/native, unattributed)' };
  if (!url) return { fn: `${name} (builtin)`, pkg: '(V8 builtins)' };
  if (url.startsWith('node:')) return { fn: `${name} ${url}:${lineNumber + 1}`, pkg: 'node: internals' };
  if (url.startsWith('wasm://')) return { fn: `${name} (wasm)`, pkg: WASM };
  if (!url.startsWith('file://')) return { fn: `${name} ${url}`, pkg: '(other)' };

  let file = fileURLToPath(url);
  let line = lineNumber + 1;
  const original = mapFor(file)?.findEntry(lineNumber, columnNumber);
  if (original?.originalSource) {
    const source = original.originalSource;
    file = source.startsWith('file://') ? fileURLToPath(source) : path.resolve(path.dirname(file), source);
    line = original.originalLine + 1;
  }
  const relative = path.relative(repoRoot, file);
  return { fn: `${name} ${shortPath(relative)}:${line}`, pkg: packageOf(relative) };
}

/** node_modules/<pkg> (scoped or not), else the workspace (apps/server, packages/shared…). */
function packageOf(relative) {
  const parts = relative.split(path.sep);
  const nm = parts.lastIndexOf('node_modules');
  if (nm >= 0) return parts[nm + 1]?.startsWith('@') ? `${parts[nm + 1]}/${parts[nm + 2]}` : parts[nm + 1];
  return parts.slice(0, 2).join('/');
}

/** Drops everything up to the package directory inside node_modules, to keep names short. */
function shortPath(relative) {
  const nm = relative.lastIndexOf('node_modules/');
  return nm >= 0 ? relative.slice(nm + 'node_modules/'.length) : relative;
}

/** Loads `<file>.map` for files outside node_modules (our bundle), once per file. */
function sourceMapLoader() {
  const maps = new Map();
  return (file) => {
    if (file.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
    if (!maps.has(file)) {
      const mapFile = `${file}.map`;
      maps.set(file, existsSync(mapFile) ? new SourceMap(JSON.parse(readFileSync(mapFile, 'utf8'))) : undefined);
    }
    return maps.get(file);
  };
}

/** A short console table of the top rows of a summary. */
export function printProfile(summary, rows = 12) {
  const line = (cells, widths) => cells.map((c, i) => String(c).padStart(widths[i])).join('  ');
  const table = (title, entries) => {
    console.log(`\n  ${title}`);
    const widths = [7, 7, 12, 13, 0];
    console.log(`  ${line(['self %', 'total %', 'self µs/turn', 'total µs/turn', 'name'], widths)}`);
    for (const e of entries.slice(0, rows)) {
      console.log(`  ${line([e.selfPct, e.totalPct, e.selfCpuUsPerTurn ?? '-', e.totalCpuUsPerTurn ?? '-', e.name], widths)}`);
    }
  };
  console.log(`\nCPU profile (${summary.window}, ${summary.sampledBusyMs} ms of busy samples).`);
  if (summary.turns) console.log(`µs/turn: sampled busy time of this thread ÷ ${summary.turns} turns (${summary.sampledBusyUsPerTurn} µs/turn in all).`);
  else console.log(`µs/turn: share of the samples × ${summary.cpuUsPerTurn ?? '-'} µs of server CPU per turn measured without the profiler.`);
  table('by package, Node internals and builtins charged to their caller (sorted by self time)', summary.byCallerPackage);
  table('by function (sorted by self time)', summary.byFunctionSelf);
  table('by JavaScript function of a package or our code (sorted by total time)', summary.byFunctionTotal);
}
