// The command the container image runs (the Dockerfile's CMD): the production check starts an
// instance by it and the bench measures the server started by it, so that what they run is what a
// deployment runs, with the same Node flags.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The Dockerfile's last CMD of `root`, in its exec form: `['node', …flags, 'apps/server/dist/server.js']`. */
export function containerCommand(root) {
  const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');
  const commands = [...dockerfile.matchAll(/^CMD (\[.*\])\s*$/gm)];
  const last = commands.at(-1);
  if (last === undefined)
    throw new Error('The Dockerfile has no CMD in exec form (CMD ["node", …])');
  const command = JSON.parse(last[1]);
  if (!Array.isArray(command) || command.length < 2 || command[0] !== 'node') {
    throw new Error(`The Dockerfile's CMD does not start node: ${last[1]}`);
  }
  return command;
}

/** The container's command as `node`'s arguments (its flags and the server's file). */
export function containerNodeArguments(root) {
  return containerCommand(root).slice(1);
}

/** The container's command split for a caller that adds flags of its own: node's flags, the file. */
export function containerServerStart(root) {
  const args = containerNodeArguments(root);
  return { flags: args.slice(0, -1), file: args.at(-1) };
}
