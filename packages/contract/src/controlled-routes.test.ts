import { CONTROLLED_ACTION_KINDS } from '@pledge/domain';
import { describe, expect, it } from 'vitest';
import { endpoints } from './endpoints.js';
import { AGENT_WRITES_WITHOUT_CONTROL } from './ops/agent-writes-without-control.js';

const agentWrites = Object.entries(endpoints).filter(
  ([, endpoint]) => endpoint.auth === 'agent' && endpoint.method !== 'GET',
);

describe('the registry of controlled actions, walked over the contract', () => {
  it.each(agentWrites.map(([name, endpoint]) => [name, endpoint] as const))(
    '%s is controlled or says why it needs no control',
    (name, endpoint) => {
      const control = 'control' in endpoint ? endpoint.control : undefined;
      const exempt = AGENT_WRITES_WITHOUT_CONTROL[name];
      expect(control !== undefined || exempt !== undefined).toBe(true);
      expect(control !== undefined && exempt !== undefined).toBe(false);
    },
  );

  it('has a proposing route for every controlled action, and only one', () => {
    const proposed = agentWrites
      .map(([, endpoint]) => ('control' in endpoint ? endpoint.control : undefined))
      .filter((control) => control !== undefined && control !== 'DECIDES');
    expect([...proposed].sort()).toEqual([...CONTROLLED_ACTION_KINDS].sort());
  });

  it('gives no control to a borrower or public route, and lists only existing routes', () => {
    for (const [name, endpoint] of Object.entries(endpoints)) {
      if (endpoint.auth !== 'agent') expect('control' in endpoint, name).toBe(false);
    }
    for (const name of Object.keys(AGENT_WRITES_WITHOUT_CONTROL)) {
      expect(Object.keys(endpoints)).toContain(name);
    }
  });
});
