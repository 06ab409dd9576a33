import type { Rolldown } from 'vite';

/** A screen's module: apps/web/src/routes/<screen>/<name>-page.tsx, loaded lazily by the router. */
const SCREEN_MODULE = /[\\/]src[\\/]routes[\\/]([^\\/]+)[\\/][^\\/]+-page\.tsx$/;

/** The offer page: its first code has a budget of its own (DESIGN §7). */
const OFFER_SCREEN = 'start';

/**
 * What the shell loads lazily on every page as soon as it runs: the API client, the session check,
 * telemetry, the banners and the notice of unavailable countries (toasts wait for the browser to
 * be idle, deferred-toast-region.tsx). Out of the entry, so that the offer page paints first; in
 * one chunk, `startup`, which the server names in every page's preloads (route-preloads.ts), so
 * that a signed-in page does not wait two more round trips before its data is even asked for.
 */
const STARTUP_MODULES = [
  'src/api/exchange.ts',
  'src/features/session/api/look-up-identity.ts',
  'src/telemetry/create-telemetry-client.ts',
  'src/features/banners/components/banner-area.tsx',
  'src/ui/layout/unavailable-countries.tsx',
];
export const STARTUP_CHUNK = 'startup';
/** What the offer page shares with the rest of the app (see screenChunkGroups). */
export const COMMON_CHUNK = 'common';

/** How many screens must load a module before it joins a shared group. */
const MIN_SHARING_SCREENS = 3;

/** Screens of the agents' console: /ops and /ops/…. */
const isConsoleScreen = (screen: string) => screen === 'ops' || screen.startsWith('ops-');

const isStartupModule = (id: string) =>
  STARTUP_MODULES.some((module) => id.replaceAll('\\', '/').endsWith(`/${module}`));

/** Module id → the screens that load it before they render (and `startup`, for the shell's). */
export type TScreenReaders = ReadonlyMap<string, ReadonlySet<string>>;

/**
 * Who loads each module, read from a build cut the bundler's way (a chunk for every set of screens
 * sharing modules, after unused code is dropped): a screen loads its chunk and every chunk that
 * chunk imports statically, and with them each module in them; the shell's startup modules are
 * read so too, by `startup`. A module only other code loaded lazily (`import()`) reaches is in no
 * list.
 */
export function screenReadersOf(output: Rolldown.RolldownOutput): TScreenReaders {
  const chunks = new Map<string, Rolldown.OutputChunk>();
  for (const file of output.output) if (file.type === 'chunk') chunks.set(file.fileName, file);
  const screenOf = (chunk: Rolldown.OutputChunk | undefined) =>
    chunk?.isDynamicEntry === true
      ? SCREEN_MODULE.exec(chunk.facadeModuleId ?? '')?.[1]
      : undefined;
  const readers = new Map<string, Set<string>>();
  const read = (reader: string, from: string) => {
    const loaded = new Set<string>();
    const waiting = [from];
    for (let file = waiting.pop(); file !== undefined; file = waiting.pop()) {
      if (loaded.has(file)) continue;
      loaded.add(file);
      waiting.push(...(chunks.get(file)?.imports ?? []));
    }
    for (const file of loaded) {
      for (const id of chunks.get(file)?.moduleIds ?? []) {
        const screens = readers.get(id) ?? new Set<string>();
        screens.add(reader);
        readers.set(id, screens);
      }
    }
  };
  for (const chunk of chunks.values()) {
    const screen = screenOf(chunk);
    if (screen !== undefined) read(screen, chunk.fileName);
    else if (chunk.isDynamicEntry && isStartupModule(chunk.facadeModuleId ?? '')) {
      read(STARTUP_CHUNK, chunk.fileName);
    }
  }
  return readers;
}

/**
 * How the screens' code is cut into files. Left to the bundler, every set of screens sharing some
 * modules gets a chunk of its own: about 220 files of 1–2 KB, of which a signed-in screen loads 40
 * to 60 before it renders, six at a time over HTTP/1.1 and a round trip each (on a phone's
 * connection, most of a signed-in page's wait for its content). Grouped instead by who loads them:
 * - `common`: what the offer page loads besides the shell and something else loads too (the
 *   shell's startup, another screen): the UI kit's fields, the domain's money and states. Every
 *   page loads it, the offer page among them.
 * - `offer`: what only the offer page loads. Its first code keeps its budget (nothing it does not
 *   load joins either group), and no other page loads the offer form's own code: with the two in
 *   one chunk, the startup modules' use of a few of them had every page load all of it.
 * - `startup`: what the shell's startup modules (above) load, whoever else loads it.
 * - `account`: what three or more screens share, borrower screens among them.
 * - `console`: what three or more of the console's screens share and no borrower screen uses.
 * A module fewer screens load stays in a chunk of theirs, one only lazily loaded code reaches
 * stays with that code (the bundler's choice), and what the entry imports statically is the
 * shell's (a group before these). A module's imports are loaded by at least the screens that load
 * it, so each group imports only from the groups above it (and the shell): no group takes what a
 * module imports along with it, those are where their own readers put them.
 */
export function screenChunkGroups(readers: TScreenReaders): Rolldown.CodeSplittingGroup[] {
  const readersOf = (id: string): string[] =>
    SCREEN_MODULE.test(id) ? [] : [...(readers.get(id) ?? [])];
  // Shared widely enough to be worth loading with a screen that may not need it; what just two
  // screens share goes in a chunk of its own (the bundler's), as the address form of the details
  // screen and the console's UI kit do.
  const isShared = (screens: string[]) => screens.length >= MIN_SHARING_SCREENS;
  const group = (name: string, belongs: (readers: string[]) => boolean) => ({
    name: (id: string) => (belongs(readersOf(id)) ? name : null),
    includeDependenciesRecursively: false,
  });
  const screensAmong = (readers: string[]) => readers.filter((reader) => reader !== STARTUP_CHUNK);
  return [
    group(COMMON_CHUNK, (readers) => readers.includes(OFFER_SCREEN) && readers.length > 1),
    group('offer', (readers) => readers.includes(OFFER_SCREEN)),
    group(STARTUP_CHUNK, (readers) => readers.includes(STARTUP_CHUNK)),
    group('account', (readers) => {
      const screens = screensAmong(readers);
      return isShared(screens) && screens.some((screen) => !isConsoleScreen(screen));
    }),
    group('console', (readers) => isShared(screensAmong(readers))),
  ];
}
