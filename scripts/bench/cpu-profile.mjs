// Where the server's CPU goes, for a load: a V8 CPU profile of the bench's server taken while the
// load runs, summed by area (a package of node_modules, a folder of the server, the domain or
// contract package, Node's own code, the garbage collector) and by function, each as its share of
// the busy samples and as milliseconds a request. The profile is taken through the server's
// inspector, opened by SIGUSR1 on its default port (127.0.0.1:9229) once the measured loads are
// over, so that no measured figure pays for it; the profiler samples every PROFILE_INTERVAL_US.
import { readFileSync } from 'node:fs';
import { cpuOf, nodeServerPid } from './process-cpu.mjs';

const INSPECTOR = 'http://127.0.0.1:9229';
const INSPECTOR_WAIT_MS = 10_000;
const PROFILE_INTERVAL_US = 250;
/** Areas and functions printed (the dearest first). */
const TOP_AREAS = 10;
const TOP_FUNCTIONS = 12;

const round = (value, digits = 3) => +Number(value).toFixed(digits);

async function inspectorTarget() {
  const until = Date.now() + INSPECTOR_WAIT_MS;
  while (Date.now() < until) {
    try {
      const response = await fetch(`${INSPECTOR}/json/list`);
      const [target] = await response.json();
      if (target?.webSocketDebuggerUrl !== undefined) return target.webSocketDebuggerUrl;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server's inspector did not answer at ${INSPECTOR}`);
}

/** A DevTools protocol session on one WebSocket: `call(method, params)` answers the result. */
async function inspectorSession(url) {
  // Node's own WebSocket client (a global since Node 22).
  const socket = new globalThis.WebSocket(url);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', () => reject(new Error(`no inspector at ${url}`)), {
      once: true,
    });
  });
  let nextId = 1;
  const waiting = new Map();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data));
    const pending = waiting.get(message.id);
    if (pending === undefined) return;
    waiting.delete(message.id);
    if (message.error !== undefined) pending.reject(new Error(message.error.message));
    else pending.resolve(message.result);
  });
  return {
    call(method, params = {}) {
      const id = nextId;
      nextId += 1;
      socket.send(JSON.stringify({ id, method, params }));
      return new Promise((resolve, reject) => waiting.set(id, { resolve, reject }));
    },
    close: () => socket.close(),
  };
}

/** The area a profile's call frame belongs to, from its script's URL. */
export function areaOf(callFrame) {
  const { url, functionName } = callFrame;
  if (url === '') {
    if (functionName === '(garbage collector)') return 'garbage collector';
    if (functionName === '(program)') return 'V8 and native code (program)';
    return `native: ${functionName || '(anonymous)'}`;
  }
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const [first, second] = url.slice(modules + '/node_modules/'.length).split('/');
    return first.startsWith('@') ? `${first}/${second}` : first;
  }
  if (url.startsWith('node:')) return 'node (its own modules)';
  const server = url.indexOf('/apps/server/src/');
  if (server >= 0) {
    const parts = url.slice(server + '/apps/server/src/'.length).split('/');
    return parts.length > 2 ? `server ${parts[0]}/${parts[1]}` : `server ${parts[0]}`;
  }
  const pkg = /\/packages\/([^/]+)\//.exec(url);
  if (pkg !== null) return `@pledge/${pkg[1]}`;
  return url;
}

/**
 * A profile summed by area and by function: each with its share of the samples that were not
 * idle and its milliseconds a request (`requests` made during the profile).
 */
export function summariseProfile(profile, requests) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map();
  const { samples, timeDeltas } = profile;
  for (let index = 0; index < samples.length; index += 1) {
    // A sample's time is the delta to the next one.
    const delta = timeDeltas[index + 1] ?? 0;
    selfUs.set(samples[index], (selfUs.get(samples[index]) ?? 0) + delta);
  }
  const areas = new Map();
  const functions = new Map();
  let busyUs = 0;
  for (const [id, us] of selfUs) {
    const { callFrame } = byId.get(id);
    if (callFrame.functionName === '(idle)') continue;
    busyUs += us;
    const area = areaOf(callFrame);
    areas.set(area, (areas.get(area) ?? 0) + us);
    const where =
      callFrame.url === '' ? '' : ` ${shortUrl(callFrame.url)}:${callFrame.lineNumber + 1}`;
    const name = `${callFrame.functionName || '(anonymous)'}${where}`;
    functions.set(name, (functions.get(name) ?? 0) + us);
  }
  const rows = (map, count) =>
    [...map]
      .sort(([, a], [, b]) => b - a)
      .slice(0, count)
      .map(([name, us]) => ({
        name,
        share: `${((100 * us) / Math.max(busyUs, 1)).toFixed(1)} %`,
        msPerRequest: round(us / 1_000 / Math.max(requests, 1), 4),
      }));
  return {
    requests,
    busyMsPerRequest: round(busyUs / 1_000 / Math.max(requests, 1), 4),
    areas: rows(areas, TOP_AREAS),
    functions: rows(functions, TOP_FUNCTIONS),
  };
}

function shortUrl(url) {
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) return url.slice(modules + '/node_modules/'.length);
  const repo = /\/(apps|packages)\/.*$/.exec(url);
  return repo === null ? url.replace(/^file:\/\//, '') : repo[0].slice(1);
}

/**
 * Opens the inspector of the server under `serverPid` (npm's, as the bench started it): answers
 * `profile(run, requestsOf)`, which runs `run` under the profiler and answers its result with the
 * profile's summary (`requestsOf(result)`: the requests it made) and the server's CPU per request
 * the kernel counted meanwhile (the profiler's own cost included); `close()`.
 */
export async function openServerProfiler(serverPid) {
  const pid = nodeServerPid(serverPid);
  // The node server's command line, to say which process was profiled.
  const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  process.kill(pid, 'SIGUSR1');
  const session = await inspectorSession(await inspectorTarget());
  await session.call('Profiler.enable');
  await session.call('Profiler.setSamplingInterval', { interval: PROFILE_INTERVAL_US });
  return {
    command,
    async profile(run, requestsOf) {
      const from = cpuOf(serverPid);
      await session.call('Profiler.start');
      let result;
      let stopped;
      try {
        result = await run();
      } finally {
        stopped = await session.call('Profiler.stop');
      }
      const { profile } = stopped;
      const requests = requestsOf(result);
      const serverMs = cpuOf(serverPid).server - from.server;
      return {
        result,
        summary: {
          ...summariseProfile(profile, requests),
          serverCpuMsProfiled: round(serverMs / Math.max(requests, 1)),
        },
      };
    },
    close: () => session.close(),
  };
}

/** Prints a load's profile summary: its areas, then its dearest functions. */
export function printProfile(name, summary) {
  if (summary === undefined) return;
  console.log(
    `\n${name}: server CPU profile (${summary.requests} requests; ${summary.busyMsPerRequest} ms a request sampled busy, ${summary.serverCpuMsProfiled} ms counted by the kernel while profiled)`,
  );
  console.table(summary.areas);
  console.table(summary.functions);
}
