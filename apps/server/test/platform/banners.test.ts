import { describe, expect, it } from 'vitest';
import type { TBanner } from '@pledge/contract';
import { agentHeaders, borrowerHeaders, newIdentity, usePlatformTestApp } from './helpers.js';
import { auditEventsOf } from '../helpers/audit-events.js';

const PUBLIC_URL = '/banners/banners.json';
const OPS_URL = '/service-ops/secure/api/v1/banners';

const input = (overrides: Partial<TBanner> = {}) => ({
  message: 'Scheduled maintenance on Sunday from 2 to 4 am ET.',
  apps: ['crypto-backed-loan'],
  variant: 'info',
  active: true,
  dismissable: true,
  ...overrides,
});

describe('banners', () => {
  const t = usePlatformTestApp();
  const agent = newIdentity();

  async function publicBanners() {
    const response = await t.app.inject({ method: 'GET', url: PUBLIC_URL });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return response.json() as TBanner[];
  }

  async function create(body: object, headers = agentHeaders(agent)) {
    return t.app.inject({ method: 'POST', url: OPS_URL, payload: body, headers });
  }

  async function created(body: object): Promise<TBanner> {
    const response = await create(body);
    expect(response.statusCode).toBe(201);
    return response.json() as TBanner;
  }

  const auditOf = (bannerUuid: string) => auditEventsOf(t.database.db, bannerUuid);

  it('serves none before an agent adds one, uncached', async () => {
    expect(await publicBanners()).toEqual([]);
  });

  it('creates a banner, recorded in the audit trail', async () => {
    const banner = await created(input({ variant: 'warn', dismissable: false }));
    expect(banner).toMatchObject({
      message: 'Scheduled maintenance on Sunday from 2 to 4 am ET.',
      apps: ['crypto-backed-loan'],
      variant: 'warn',
      active: true,
      dismissable: false,
    });
    expect(banner.metadata.createdAt).toBe(banner.metadata.updatedAt);
    expect(await auditOf(banner.uuid)).toMatchObject([
      {
        entityType: 'banner',
        actor: agent,
        fromState: null,
        toState: 'ACTIVE',
        reason: 'banner created',
      },
    ]);
    expect((await publicBanners()).map((shown) => shown.uuid)).toContain(banner.uuid);
  });

  it('serves only active banners, newest first; agents see every one', async () => {
    const older = await created(input({ message: 'Older' }));
    const inactive = await created(input({ message: 'Not yet', active: false }));
    const newer = await created(input({ message: 'Newer' }));

    const shown = (await publicBanners()).map((banner) => banner.uuid);
    expect(shown.indexOf(newer.uuid)).toBeLessThan(shown.indexOf(older.uuid));
    expect(shown).not.toContain(inactive.uuid);
    const times = (await publicBanners()).map((banner) => banner.metadata.createdAt);
    expect(times).toEqual([...times].sort().reverse());

    const listed = await t.app.inject({
      method: 'GET',
      url: OPS_URL,
      headers: agentHeaders(agent),
    });
    expect(listed.statusCode).toBe(200);
    const all = (listed.json() as TBanner[]).map((banner) => banner.uuid);
    expect(all.slice(0, 3)).toEqual([newer.uuid, inactive.uuid, older.uuid]);
  });

  it('updates a banner and switches it on', async () => {
    const banner = await created(input({ message: 'Draft', active: false }));
    const response = await t.app.inject({
      method: 'PUT',
      url: `${OPS_URL}/${banner.uuid}`,
      payload: input({ message: 'Published', apps: ['crypto-backed-loan', 'dashboard'] }),
      headers: agentHeaders(agent),
    });
    expect(response.statusCode).toBe(200);
    const updated = response.json() as TBanner;
    expect(updated).toMatchObject({ uuid: banner.uuid, message: 'Published', active: true });
    expect(updated.apps).toEqual(['crypto-backed-loan', 'dashboard']);
    expect(updated.metadata.createdAt).toBe(banner.metadata.createdAt);
    expect(updated.metadata.updatedAt > banner.metadata.updatedAt).toBe(true);
    expect((await publicBanners()).find((shown) => shown.uuid === banner.uuid)?.message).toBe(
      'Published',
    );
    expect((await auditOf(banner.uuid)).at(-1)).toMatchObject({
      fromState: 'INACTIVE',
      toState: 'ACTIVE',
      reason: 'banner updated',
    });
  });

  it('deactivates a banner: it leaves the layout and stays in the console', async () => {
    const banner = await created(input({ message: 'Going away' }));
    const response = await t.app.inject({
      method: 'DELETE',
      url: `${OPS_URL}/${banner.uuid}`,
      headers: agentHeaders(agent),
    });
    expect(response.statusCode).toBe(204);
    expect((await publicBanners()).map((shown) => shown.uuid)).not.toContain(banner.uuid);
    const listed = await t.app.inject({
      method: 'GET',
      url: OPS_URL,
      headers: agentHeaders(agent),
    });
    expect((listed.json() as TBanner[]).find((kept) => kept.uuid === banner.uuid)?.active).toBe(
      false,
    );
    expect((await auditOf(banner.uuid)).at(-1)).toMatchObject({
      actor: agent,
      fromState: 'ACTIVE',
      toState: 'INACTIVE',
      reason: 'banner deactivated',
    });
  });

  it.each([
    ['PUT', { payload: input() }],
    ['DELETE', {}],
  ])('answers 404 to %s of an unknown banner', async (method, extra) => {
    const response = await t.app.inject({
      method: method as 'PUT' | 'DELETE',
      url: `${OPS_URL}/${newIdentity()}`,
      headers: agentHeaders(agent),
      ...extra,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('BANNER_NOT_FOUND');
  });

  it.each([
    ['an empty message', input({ message: '' }), 'message'],
    ['a long message', input({ message: 'x'.repeat(501) }), 'message'],
    ['another variant', { ...input(), variant: 'error' }, 'variant'],
    ['no apps list', { ...input(), apps: undefined }, 'apps'],
    ['a missing switch', { ...input(), active: undefined }, 'active'],
  ])('refuses %s with field messages', async (_name, body, field) => {
    const response = await create(body);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fieldErrors)).toContain(field);
  });

  it('refuses a banner id that is not a uuid', async () => {
    const response = await t.app.inject({
      method: 'DELETE',
      url: `${OPS_URL}/not-a-uuid`,
      headers: agentHeaders(agent),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toHaveProperty('bannerUuid');
  });

  it.each([
    ['no token', {}],
    ['a borrower token', borrowerHeaders(newIdentity())],
  ])('answers 401 on every console call to %s', async (_name, headers) => {
    const banner = await created(input({ message: 'Protected' }));
    const calls = [
      t.app.inject({ method: 'GET', url: OPS_URL, headers }),
      t.app.inject({ method: 'POST', url: OPS_URL, payload: input(), headers }),
      t.app.inject({ method: 'PUT', url: `${OPS_URL}/${banner.uuid}`, payload: input(), headers }),
      t.app.inject({ method: 'DELETE', url: `${OPS_URL}/${banner.uuid}`, headers }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ code: 'UNAUTHENTICATED', message: 'Unauthenticated' });
    }
    expect((await publicBanners()).find((shown) => shown.uuid === banner.uuid)?.active).toBe(true);
  });
});
