import { describe, expect, it } from 'vitest';
import type { Rolldown } from 'vite';
import { screenChunkGroups, screenReadersOf } from './screen-chunks.js';

const screen = (name: string) => `/app/src/routes/${name}/${name}-page.tsx`;
const EXCHANGE = '/app/src/api/exchange.ts';

function chunk(
  fileName: string,
  moduleIds: string[],
  options: { imports?: string[]; facade?: string; isEntry?: boolean } = {},
): Rolldown.OutputChunk {
  return {
    type: 'chunk',
    fileName,
    moduleIds: options.facade === undefined ? moduleIds : [options.facade, ...moduleIds],
    imports: options.imports ?? [],
    dynamicImports: [],
    isEntry: options.isEntry ?? false,
    isDynamicEntry: options.facade !== undefined,
    facadeModuleId: options.facade ?? null,
  } as unknown as Rolldown.OutputChunk;
}

/** A build cut the bundler's way: a chunk per set of screens (and lazy code) sharing modules. */
const output = {
  output: [
    chunk('index.js', ['/app/src/main.tsx'], { isEntry: true }),
    chunk('start.js', ['/app/src/offer-form.tsx'], {
      facade: screen('start'),
      imports: ['cents.js', 'money.js'],
    }),
    chunk('money.js', ['/app/src/money.ts']),
    chunk('cents.js', ['/app/packages/domain/cents.ts']),
    chunk('exchange.js', [], { facade: EXCHANGE, imports: ['wire.js', 'money.js'] }),
    chunk('wire.js', ['/app/packages/contract/wire.ts'], { imports: ['zod.js'] }),
    chunk('zod.js', ['/app/node_modules/zod/index.js']),
    chunk('details.js', [], {
      facade: screen('details'),
      imports: ['cents.js', 'wire.js', 'form.js', 'panel.js'],
    }),
    chunk('loan.js', ['/app/src/loan-view.tsx'], {
      facade: screen('loan'),
      imports: ['wire.js', 'panel.js'],
    }),
    chunk('panel.js', ['/app/src/panel.tsx']),
    chunk('form.js', ['/app/src/details-form.tsx']),
    chunk('ops-loans.js', [], {
      facade: screen('ops-loans'),
      imports: ['ops-list.js', 'panel.js'],
    }),
    chunk('ops-loan.js', [], { facade: screen('ops-loan'), imports: ['ops-list.js', 'pair.js'] }),
    chunk('ops-risk.js', [], { facade: screen('ops-risk'), imports: ['ops-list.js', 'pair.js'] }),
    chunk('ops-list.js', ['/app/src/ops-list.tsx']),
    chunk('pair.js', ['/app/src/pair.tsx']),
    chunk('qr.js', [], { facade: '/app/src/qr.ts' }),
  ],
} as unknown as Rolldown.RolldownOutput;

function chunkOf(id: string): string | null {
  for (const group of screenChunkGroups(screenReadersOf(output))) {
    const name = typeof group.name === 'function' ? group.name(id, {} as never) : group.name;
    if (name !== null && name !== undefined) return name;
  }
  return null;
}

describe('the screens’ code cut by who loads it', () => {
  it('reads who loads each module from the bundler’s cut, through static imports', () => {
    const readers = screenReadersOf(output);
    const readersOf = (id: string) => [...(readers.get(id) ?? [])].sort();
    expect(readersOf('/app/packages/domain/cents.ts')).toEqual(['details', 'start']);
    expect(readersOf('/app/node_modules/zod/index.js')).toEqual(['details', 'loan', 'startup']);
    expect(readersOf('/app/src/panel.tsx')).toEqual(['details', 'loan', 'ops-loans']);
    expect(readers.get('/app/src/qr.ts')).toBeUndefined();
    expect(readers.get('/app/src/main.tsx')).toBeUndefined();
  });

  it('puts what only the offer page loads in its own chunk', () => {
    expect(chunkOf('/app/src/offer-form.tsx')).toBe('offer');
  });

  it('puts what the offer page shares with another screen or the startup in the common chunk', () => {
    expect(chunkOf('/app/packages/domain/cents.ts')).toBe('common');
    expect(chunkOf('/app/src/money.ts')).toBe('common');
  });

  it('puts what the shell loads as it starts in the startup chunk, whoever else loads it', () => {
    expect(chunkOf(EXCHANGE)).toBe('startup');
    expect(chunkOf('/app/packages/contract/wire.ts')).toBe('startup');
    expect(chunkOf('/app/node_modules/zod/index.js')).toBe('startup');
  });

  it('groups what three screens or more share, a borrower screen among them, in the account chunk', () => {
    expect(chunkOf('/app/src/panel.tsx')).toBe('account');
  });

  it('groups what three console screens or more share, and no borrower screen, in the console chunk', () => {
    expect(chunkOf('/app/src/ops-list.tsx')).toBe('console');
  });

  it('leaves what fewer screens load, a screen’s page and other lazy code to the bundler', () => {
    expect(chunkOf('/app/src/pair.tsx')).toBeNull();
    expect(chunkOf('/app/src/details-form.tsx')).toBeNull();
    expect(chunkOf('/app/src/loan-view.tsx')).toBeNull();
    expect(chunkOf(screen('loan'))).toBeNull();
    expect(chunkOf('/app/src/qr.ts')).toBeNull();
  });
});
