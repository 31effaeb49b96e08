// Child processes for benchmarks: spawn, wait until ready, stop, clean up on
// any exit path, and read a process's CPU time and memory from /proc (Linux).
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';

const children = new Set();
const tempDirs = new Set();

/** Starts a tracked child; keeps the last lines of its output for error messages. */
export function startChild(name, command, args, { env, cwd } = {}) {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.label = name;
  child.tail = [];
  const keep = (chunk) => {
    child.tail.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    child.tail.splice(0, Math.max(0, child.tail.length - 40));
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  child.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  children.add(child);
  void child.exited.then(() => children.delete(child));
  return child;
}

/** Resolves with the first stdout line that parses as JSON (the fake's "I am listening" line). */
export function firstJsonLine(child, timeoutMs = 30_000) {
  return new Promise((resolve, reject) => {
    let buffer = '';
    const timer = setTimeout(() => fail(new Error(`${child.label}: no start-up line after ${timeoutMs} ms`)), timeoutMs);
    const onData = (chunk) => {
      buffer += chunk.toString('utf8');
      for (const line of buffer.split('\n').slice(0, -1)) {
        try {
          return done(JSON.parse(line));
        } catch {
          // not the JSON line yet
        }
      }
    };
    const onExit = () => fail(new Error(`${child.label} exited during start-up:\n${child.tail.join('\n')}`));
    const cleanup = () => {
      clearTimeout(timer);
      child.stdout.off('data', onData);
      child.off('exit', onExit);
    };
    const done = (value) => (cleanup(), resolve(value));
    const fail = (err) => (cleanup(), reject(err));
    child.stdout.on('data', onData);
    child.once('exit', onExit);
  });
}

/** SIGTERM, then SIGKILL if the child has not exited within `graceMs`. */
export async function stopChild(child, graceMs = 15_000) {
  if (child.exitCode !== null || child.signalCode !== null) return child.exited;
  child.kill('SIGCONT'); // a stopped child (bench:chat stops the systems it is not measuring) would hold SIGTERM back
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  const result = await child.exited;
  clearTimeout(timer);
  return result;
}

/** Registers a temporary directory to delete on exit. */
export function trackTempDir(dir) {
  tempDirs.add(dir);
  return dir;
}

/** Prints the last lines each running child wrote (for error reports). */
export function printChildOutput() {
  for (const child of children) {
    if (child.tail.length) console.error(`\n--- last output of ${child.label} ---\n${child.tail.join('\n')}`);
  }
}

/** Stops every child still running and removes the temporary directories. */
export async function cleanUp() {
  await Promise.all([...children].map((child) => stopChild(child, 5_000)));
  removeTempDirs();
}

function removeTempDirs() {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
}

/** Last resort when the process exits abruptly: kill children, remove temp dirs (synchronously). */
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
  removeTempDirs();
});

/** A TCP port that was free a moment ago on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const CLOCK_TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** User + system CPU time of a process so far, in ms (from /proc/<pid>/stat). */
export function cpuTimeMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may contain spaces) start at field 3; utime and stime are fields 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** CPU time of the whole machine so far, in ms summed over all cores (from /proc/stat). */
export function machineCpuMs() {
  const [user, nice, system, idle, iowait, irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
    .split('\n', 1)[0]
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const busy = user + nice + system + irq + softirq + steal;
  const toMs = (ticks) => (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
  return { busy: toMs(busy), total: toMs(busy + idle + iowait) };
}

/** Resident memory of a process in MB (from /proc/<pid>/status): total, anonymous (heaps) and file-backed. */
export function memoryMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) / 1024;
  return { rss: mb('VmRSS'), anon: mb('RssAnon'), file: mb('RssFile') };
}

export const rssMb = (pid) => memoryMb(pid).rss;

/** Samples a process's RSS every `intervalMs` until stopped; returns the peak in MB. */
export function watchPeakRss(pid, intervalMs = 100) {
  let peak = rssMb(pid);
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssMb(pid));
    } catch {
      // the process is gone; keep the last peak
    }
  }, intervalMs);
  return () => {
    clearInterval(timer);
    return peak;
  };
}
