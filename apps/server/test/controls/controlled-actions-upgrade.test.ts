/**
 * The upgrade to the registry of controlled actions (migration 0028): a release proposal the release
 * before it left pending is served after it, on its application and on the Approvals list, and a
 * second agent decides it there; the actions added since are stored without an application, so the
 * release before it (which reads proposals by application) never meets a kind it does not know.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { TControlledAction, TGetControlledActionsResponse } from '@pledge/contract';
import { sql } from 'drizzle-orm';
import { runMigrations } from '../../src/db/migrate.js';
import { useContextBeforeUpgrade } from '../applications/helpers.js';
import { opsCall, signInAgent, signInSecondAgent, type TAgent, OPS } from '../ops/helpers.js';

const UPGRADE = '0028_controlled-actions';

const ctx = useContextBeforeUpgrade(UPGRADE);
let maker: TAgent;
let checker: TAgent;

describe('upgrade: one registry of controlled actions', () => {
  it('serves and decides a proposal the release before it left pending', async () => {
    const identityUuid = randomUUID();
    const appUuid = randomUUID();
    const proposalId = randomUUID();
    await ctx.database.db.execute(sql`
      INSERT INTO identities (uuid, email, organization_code)
        VALUES (${identityUuid}, ${`upgrade-${identityUuid}@example.com`}, 'default')`);
    await ctx.database.db.execute(sql`
      INSERT INTO applications (uuid, identity_uuid, organization, flow, state, stage, state_code)
        VALUES (${appUuid}, ${identityUuid}, 'default', 'WEB', 'MANUAL_FUNDING_RELEASE',
                'ORIGINATING', 'OH')`);
    // The maker proposed it on the release before: their identity and the proposal predate the upgrade.
    const makerUuid = randomUUID();
    await ctx.database.db.execute(sql`
      INSERT INTO identities (uuid, email, organization_code)
        VALUES (${makerUuid}, 'agent@example.com', 'default')`);
    await ctx.database.db.execute(sql`
      INSERT INTO ops_proposals (id, application_uuid, kind, status, proposed_by, proposed_by_email,
                                 proposed_at, reference)
        VALUES (${proposalId}, ${appUuid}, 'RELEASE_FUNDS', 'PENDING', ${makerUuid},
                'agent@example.com', now(), 'ACH-TRACE-OLD')`);

    await runMigrations(ctx.database.pool);
    maker = await signInAgent(ctx);
    expect(maker.identityUuid).toBe(makerUuid);
    checker = await signInSecondAgent(ctx);

    const listed = (
      await opsCall(ctx.app, 'GET', `${OPS}/controlled-actions`, checker.token)
    ).json() as TGetControlledActionsResponse;
    const old = listed.items.find((item) => item.id === proposalId);
    expect(old).toMatchObject({
      action: 'RELEASE_FUNDS',
      status: 'PENDING',
      subject: { type: 'APPLICATION', id: appUuid },
      loanUuid: appUuid,
      summary: 'ACH-TRACE-OLD',
      proposedBy: { email: maker.email },
    });

    const rejected = await opsCall(
      ctx.app,
      'POST',
      `${OPS}/controlled-actions/${proposalId}/reject`,
      checker.token,
      { reason: 'No ID on file yet' },
    );
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json() as TControlledAction).toMatchObject({
      status: 'REJECTED',
      decisionReason: 'No ID on file yet',
    });
  });

  it('stores the new kinds without an application, as the release before reads none of them', async () => {
    const rows = await ctx.database.db.execute<{ kind: string }>(sql`
      SELECT kind FROM ops_proposals
        WHERE application_uuid IS NOT NULL
          AND kind NOT IN ('RELEASE_FUNDS', 'RECORD_PAYOFF')`);
    expect(rows.rows).toEqual([]);
    // The database refuses a new kind on an application row only when it names no subject.
    await expect(
      ctx.database.db.execute(sql`
        INSERT INTO ops_proposals (kind, status, proposed_by, proposed_by_email, proposed_at, reference)
          VALUES ('RECORD_WIRE', 'PENDING', ${randomUUID()}, 'x@example.com', now(), 'no subject')`),
    ).rejects.toThrow();
  });
});
