import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { TFeatureFlag, TSessionKey } from '@pledge/contract';
import { SHOW_ADDITIONAL_DOCS_FLAG, SIGN_IN_EXPERIMENT_KEYS } from '@pledge/domain';
import { rolloutBucket } from '../../src/services/flags/decide-flag.js';
import { buildTestApp } from '../helpers/app.js';
import {
  agentHeaders,
  borrowerHeaders,
  newIdentity,
  testAuthVerifier,
  usePlatformTestApp,
  WEB_TELEMETRY_SESSION,
} from './helpers.js';
import { auditEventsOf } from '../helpers/audit-events.js';

const DECISION_URL = '/service-optimize/crypto-backed-loan/api/v2/decision';
const FEATURES_URL = '/service-optimize/crypto-backed-loan/api/v1/features';
const OPS_FLAGS_URL = '/service-ops/secure/api/v1/flags';
const NO_SESSION = 'Could not establish session.';

describe('feature flags', () => {
  const t = usePlatformTestApp();
  const agent = newIdentity();

  async function newTracker(): Promise<string> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/ft/crypto-backed-loan/session',
      payload: WEB_TELEMETRY_SESSION,
    });
    expect(response.statusCode).toBe(200);
    return (response.json() as { sessionKey: TSessionKey }).sessionKey.trackerUuid;
  }

  async function decide(experimentKey: string, trackerId: string, organization = 'default') {
    return t.app.inject({
      method: 'POST',
      url: DECISION_URL,
      payload: {
        experimentKey,
        ignoreIdentify: true,
        optimizeUser: { attributes: { organization, trackerId } },
      },
    });
  }

  async function isOn(experimentKey: string, trackerId: string, organization = 'default') {
    const response = await decide(experimentKey, trackerId, organization);
    expect(response.statusCode).toBe(200);
    expect(response.json().experimentKey).toBe(experimentKey);
    return (response.json() as { flagEnabled: boolean }).flagEnabled;
  }

  async function putFlag(key: string, body: object, headers = agentHeaders(agent)) {
    return t.app.inject({ method: 'PUT', url: `${OPS_FLAGS_URL}/${key}`, payload: body, headers });
  }

  const setting = (overrides: object = {}) => ({
    enabled: true,
    description: 'A test flag',
    rolloutPct: 100,
    organizationOverrides: {},
    ...overrides,
  });

  describe('POST .../api/v2/decision', () => {
    it('answers the shipped flags as shipped (the code sign-in on) and unknown keys off', async () => {
      const tracker = await newTracker();
      expect(await isOn(SHOW_ADDITIONAL_DOCS_FLAG, tracker)).toBe(false);
      expect(await isOn(SIGN_IN_EXPERIMENT_KEYS.customer, tracker)).toBe(true);
      expect(await isOn(SIGN_IN_EXPERIMENT_KEYS.agent, tracker, 'markets')).toBe(true);
      expect(await isOn('no-such-flag', tracker)).toBe(false);
    });

    it(`refuses a tracker without a session: '${NO_SESSION}'`, async () => {
      const response = await decide(SHOW_ADDITIONAL_DOCS_FLAG, randomUUID());
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'NO_SESSION', message: NO_SESSION });
    });

    it('refuses a missing tracker with the same message', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: DECISION_URL,
        payload: {
          experimentKey: SHOW_ADDITIONAL_DOCS_FLAG,
          ignoreIdentify: false,
          optimizeUser: { attributes: { organization: 'default' } },
        },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message: NO_SESSION,
        fieldErrors: { 'optimizeUser.attributes.trackerId': [NO_SESSION] },
      });
    });

    it.each([
      ['a bad key', { experimentKey: 'Not A Key' }, 'experimentKey'],
      ['no ignoreIdentify', { ignoreIdentify: undefined }, 'ignoreIdentify'],
      [
        'a bad organisation',
        { optimizeUser: { attributes: { organization: 'BAD ORG', trackerId: randomUUID() } } },
        'optimizeUser.attributes.organization',
      ],
    ])('refuses %s with field messages', async (_name, overrides, field) => {
      const response = await t.app.inject({
        method: 'POST',
        url: DECISION_URL,
        payload: {
          experimentKey: 'some-flag',
          ignoreIdentify: false,
          optimizeUser: { attributes: { organization: 'default', trackerId: randomUUID() } },
          ...overrides,
        },
      });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().fieldErrors)).toContain(field);
    });

    it('follows the rollout, the same way every time for a tracker', async () => {
      const key = 'half-rollout';
      expect((await putFlag(key, setting({ rolloutPct: 50 }))).statusCode).toBe(200);
      const trackers = await Promise.all(Array.from({ length: 30 }, () => newTracker()));
      const first = await Promise.all(trackers.map((tracker) => isOn(key, tracker)));
      const second = await Promise.all(trackers.map((tracker) => isOn(key, tracker)));
      expect(second).toEqual(first);
      expect(first).toEqual(trackers.map((tracker) => rolloutBucket(key, tracker) < 50));
      // 30 fair coin flips all landing the same way would be a broken bucket (p ≈ 2e-9).
      expect(new Set(first).size).toBe(2);

      expect((await putFlag(key, setting({ rolloutPct: 0 }))).statusCode).toBe(200);
      expect(await Promise.all(trackers.map((tracker) => isOn(key, tracker)))).not.toContain(true);
      expect((await putFlag(key, setting({ rolloutPct: 100 }))).statusCode).toBe(200);
      expect(await Promise.all(trackers.map((tracker) => isOn(key, tracker)))).not.toContain(false);
    });

    it('lets an organisation override win over the flag', async () => {
      const key = 'partner-only';
      const tracker = await newTracker();
      await putFlag(key, setting({ enabled: false, organizationOverrides: { partner: true } }));
      expect(await isOn(key, tracker, 'partner')).toBe(true);
      expect(await isOn(key, tracker, 'default')).toBe(false);

      await putFlag(key, setting({ enabled: true, organizationOverrides: { markets: false } }));
      expect(await isOn(key, tracker, 'markets')).toBe(false);
      expect(await isOn(key, tracker, 'partner')).toBe(true);
    });
  });

  describe('POST .../api/v1/features', () => {
    it('lists every flag with its decision for the user', async () => {
      const tracker = await newTracker();
      await putFlag('listed-on', setting());
      const response = await t.app.inject({
        method: 'POST',
        url: FEATURES_URL,
        payload: { optimizeUser: { attributes: { organization: 'default', trackerId: tracker } } },
      });
      expect(response.statusCode).toBe(200);
      const features = (response.json() as { features: { experimentKey: string }[] }).features;
      const keys = features.map((feature) => feature.experimentKey);
      expect(keys).toEqual([...keys].sort());
      expect(features).toEqual(
        expect.arrayContaining([
          { experimentKey: SHOW_ADDITIONAL_DOCS_FLAG, flagEnabled: false },
          { experimentKey: SIGN_IN_EXPERIMENT_KEYS.agent, flagEnabled: true },
          { experimentKey: 'listed-on', flagEnabled: true },
        ]),
      );
    });

    it(`refuses a tracker without a session: '${NO_SESSION}'`, async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: FEATURES_URL,
        payload: {
          optimizeUser: { attributes: { organization: 'default', trackerId: randomUUID() } },
        },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(NO_SESSION);
    });

    it('refuses a body without a user', async () => {
      const response = await t.app.inject({ method: 'POST', url: FEATURES_URL, payload: {} });
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors).toHaveProperty('optimizeUser');
    });
  });

  describe('agent console', () => {
    it('lists the shipped flags as the product ships them', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: OPS_FLAGS_URL,
        headers: agentHeaders(agent),
      });
      expect(response.statusCode).toBe(200);
      const flags = response.json() as TFeatureFlag[];
      for (const [key, enabled] of [
        [SHOW_ADDITIONAL_DOCS_FLAG, false],
        [SIGN_IN_EXPERIMENT_KEYS.customer, true],
        [SIGN_IN_EXPERIMENT_KEYS.agent, true],
      ] as const) {
        expect(flags.find((flag) => flag.key === key)).toMatchObject({
          enabled,
          organizationOverrides: {},
          updatedBy: null,
        });
      }
    });

    it('saves a change, records it in the audit trail, and keeps it across restarts', async () => {
      const key = SHOW_ADDITIONAL_DOCS_FLAG;
      const response = await putFlag(
        key,
        setting({ rolloutPct: 25, organizationOverrides: { partner: true } }),
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        key,
        enabled: true,
        rolloutPct: 25,
        organizationOverrides: { partner: true },
        description: 'A test flag',
        updatedBy: agent,
      });

      const [audit, ...more] = await auditEventsOf(t.database.db, key);
      expect(more).toEqual([]);
      expect(audit).toMatchObject({
        entityType: 'feature_flag',
        actor: agent,
        reason: 'flag updated',
      });
      expect(JSON.parse(audit?.fromState ?? 'null')).toEqual({
        enabled: false,
        rolloutPct: 100,
        organizationOverrides: {},
      });
      expect(JSON.parse(audit?.toState ?? 'null')).toEqual({
        enabled: true,
        rolloutPct: 25,
        organizationOverrides: { partner: true },
      });

      // A second instance on the same database seeds again without undoing the agent's change.
      const other = await buildTestApp({ database: t.database, authVerifier: testAuthVerifier });
      try {
        const listed = await other.inject({
          method: 'GET',
          url: OPS_FLAGS_URL,
          headers: agentHeaders(agent),
        });
        const flag = (listed.json() as TFeatureFlag[]).find((candidate) => candidate.key === key);
        expect(flag).toMatchObject({ enabled: true, rolloutPct: 25 });
      } finally {
        await other.close();
      }
    });

    it('creates a flag, recorded as created', async () => {
      const response = await putFlag('brand-new-flag', setting({ enabled: false }));
      expect(response.statusCode).toBe(200);
      const [audit] = await auditEventsOf(t.database.db, 'brand-new-flag');
      expect(audit).toMatchObject({ reason: 'flag created', fromState: null, actor: agent });
    });

    it.each([
      ['a rollout over 100', setting({ rolloutPct: 101 }), 'rolloutPct'],
      ['a fractional rollout', setting({ rolloutPct: 12.5 }), 'rolloutPct'],
      [
        'an override that is not a boolean',
        setting({ organizationOverrides: { partner: 'yes' } }),
        'organizationOverrides.partner',
      ],
      ['no enabled', { ...setting(), enabled: undefined }, 'enabled'],
    ])('refuses %s with field messages', async (_name, body, field) => {
      const response = await putFlag('refused-flag', body);
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().fieldErrors)).toContain(field);
    });

    it('refuses an override for something that is not an organisation code', async () => {
      const response = await putFlag(
        'refused-flag',
        setting({ organizationOverrides: { 'Not Org': true } }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
    });

    it('refuses a flag key that is not one', async () => {
      const response = await putFlag('Bad_Key', setting());
      expect(response.statusCode).toBe(400);
      expect(response.json().fieldErrors).toHaveProperty('flagKey');
    });

    it.each([
      ['no token', {}],
      ['a borrower token', borrowerHeaders(newIdentity())],
    ])('answers 401 to %s', async (_name, headers) => {
      const listed = await t.app.inject({ method: 'GET', url: OPS_FLAGS_URL, headers });
      const saved = await putFlag('should-not-exist', setting(), headers as never);
      expect(listed.statusCode).toBe(401);
      expect(saved.statusCode).toBe(401);
      expect(saved.json()).toEqual({ code: 'UNAUTHENTICATED', message: 'Unauthenticated' });
      const tracker = await newTracker();
      expect(await isOn('should-not-exist', tracker)).toBe(false);
    });
  });
});
