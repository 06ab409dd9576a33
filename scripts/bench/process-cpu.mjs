// CPU time the kernel counted for the processes of a load, from /proc: the server's process tree
// split into PostgreSQL (every process named postgres) and the rest (the node server, and npm
// when the bench started it), and this process (the load generator) with the children it has
// waited for (pgbench). Under load the three share the machine's cores, so what each spends per
// request is what bounds the throughput. A process of the tree that ended (a PostgreSQL backend
// whose connection closed) is counted in its parent's time for waited-for children, so its CPU
// stays in the sum.
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;
const MS_PER_TICK = 1_000 / TICKS_PER_SECOND;

/**
 * Of /proc/PID/stat: name, parent, own CPU (utime + stime) and the CPU of the children it waited
 * for (cutime + cstime).
 */
function statOf(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return {
    name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
    ppid: Number(fields[1]),
    ticks: Number(fields[11]) + Number(fields[12]),
    childTicks: Number(fields[13]) + Number(fields[14]),
  };
}

function processStats() {
  const stats = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      stats.set(Number(entry), statOf(entry));
    } catch {
      // gone meanwhile
    }
  }
  return stats;
}

/** The processes of the tree under `rootPid`, with their stats. */
function treeOf(rootPid) {
  const stats = processStats();
  const inTree = new Set([rootPid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, { ppid }] of stats) {
      if (!inTree.has(pid) && inTree.has(ppid)) {
        inTree.add(pid);
        grew = true;
      }
    }
  }
  return [...inTree].flatMap((pid) => {
    const stat = stats.get(pid);
    return stat === undefined ? [] : [{ pid, ...stat }];
  });
}

/**
 * The node server of the tree under `rootPid` (npm's, and tsx's launcher below it): the process
 * not PostgreSQL's that has spent the most CPU.
 */
export function nodeServerPid(rootPid) {
  const [server] = treeOf(rootPid)
    .filter((stat) => stat.name !== 'postgres')
    .sort((a, b) => b.ticks - a.ticks);
  if (server === undefined) throw new Error(`no process under ${rootPid}`);
  return server.pid;
}

/**
 * What a PostgreSQL process does, from the title it gives itself (`postgres: checkpointer`):
 * a backend serving a connection, one of the background processes by name, or `postmaster`
 * (whose waited-for children are the processes that ended: autovacuum workers, closed connections).
 */
function postgresRoleOf(pid) {
  let title;
  try {
    title = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
  } catch {
    return 'ended';
  }
  if (!title.startsWith('postgres:')) return 'postmaster';
  for (const role of POSTGRES_BACKGROUND_ROLES) if (title.includes(role)) return role;
  return 'backend';
}

const POSTGRES_BACKGROUND_ROLES = [
  'autovacuum worker',
  'autovacuum launcher',
  'checkpointer',
  'background writer',
  'walwriter',
];

/**
 * CPU ms so far of the tree under `serverPid` (PostgreSQL's processes as `database`, the others as
 * `server`) and of this process (`load`, with `children`: the finished processes it ran).
 * `databaseByRole` splits PostgreSQL's by what each process does (postgresRoleOf).
 */
export function cpuOf(serverPid) {
  let server = 0;
  let database = 0;
  const databaseByRole = {};
  for (const stat of treeOf(serverPid)) {
    if (stat.name === 'postgres') {
      const role = postgresRoleOf(stat.pid);
      // The children a postgres process waited for were PostgreSQL's too.
      const ticks = stat.ticks + stat.childTicks;
      database += ticks;
      databaseByRole[role] = (databaseByRole[role] ?? 0) + ticks * MS_PER_TICK;
    } else server += stat.ticks + stat.childTicks;
  }
  const own = statOf(process.pid);
  return {
    server: server * MS_PER_TICK,
    database: database * MS_PER_TICK,
    databaseByRole,
    load: own.ticks * MS_PER_TICK,
    children: own.childTicks * MS_PER_TICK,
  };
}

/** CPU ms per unit of work between two cpuOf readings, for each part. */
export function cpuPerUnit(from, to, units) {
  const per = (part) => +((to[part] - from[part]) / units).toFixed(3);
  const byRole = {};
  for (const [role, ms] of Object.entries(to.databaseByRole ?? {})) {
    const spent = ms - (from.databaseByRole?.[role] ?? 0);
    if (spent > 0) byRole[role] = +(spent / units).toFixed(4);
  }
  return {
    serverCpuMs: per('server'),
    postgresCpuMs: per('database'),
    postgresCpuMsByRole: byRole,
    loadCpuMs: per('load'),
  };
}
