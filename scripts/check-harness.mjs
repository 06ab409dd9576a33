// What the end-to-end checks of `npm test` (production-check.mjs, upgrade-check.mjs) share: timed
// step lines, a failure as a thrown error, the cleanups that run last whatever happened, processes
// started in their own group, waiting on a probe while they run, and the exit code.
import { spawn } from 'node:child_process';

export function fail(message) {
  throw new Error(message);
}

export function check(condition, message) {
  if (!condition) fail(message);
}

/** One check run, named by `label` in its step lines ("production", "upgrade"). */
export function checkRun(label) {
  const started = Date.now();
  /** Run last to first when the check ends, passed or failed. */
  const cleanups = [];

  function step(message) {
    console.log(`[${label} ${((Date.now() - started) / 1000).toFixed(0).padStart(3)}s] ${message}`);
  }

  /** A process in its own group, its output kept: the cleanup ends whatever it started. */
  function startProcess(name, command, args, { cwd, env }) {
    const child = spawn(command, args, {
      cwd,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    cleanups.push(async () => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // The group is gone already.
      }
      if (child.exitCode === null && child.signalCode === null) await exited;
    });
    return { name, child, exited, output: () => output };
  }

  /**
   * Asks `probe` until it answers something other than undefined or false, and answers that; fails
   * after `timeoutMs`, or as soon as one of the `watching` processes exits.
   */
  async function waitFor(what, probe, { timeoutMs = 60_000, watching = [] } = {}) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      for (const instance of watching) {
        if (instance.child.exitCode !== null) {
          fail(
            `${instance.name} exited while waiting for ${what}:\n${instance.output().slice(-4000)}`,
          );
        }
      }
      let lastError;
      const value = await probe().catch((error) => {
        lastError = error;
        return undefined;
      });
      if (value !== undefined && value !== false) return value;
      if (Date.now() > deadline) {
        fail(`timed out waiting for ${what}${lastError ? ` (last: ${lastError.message})` : ''}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  /** Runs the check, then the cleanups, and exits 0 or 1; `keptNote` is said after a failure. */
  async function runCheck(main, { keptNote } = {}) {
    let failed = false;
    try {
      await main();
    } catch (error) {
      failed = true;
      console.error(
        `\n${label} check FAILED: ${error instanceof Error ? error.message : String(error)}`,
      );
      if (keptNote !== undefined) console.error(keptNote);
    } finally {
      for (const cleanup of cleanups.reverse()) {
        await Promise.resolve()
          .then(cleanup)
          .catch((error) => console.error(`cleanup: ${error.message}`));
      }
    }
    step(failed ? 'failed' : 'passed');
    process.exit(failed ? 1 : 0);
  }

  return { cleanups, step, startProcess, waitFor, runCheck };
}
