import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, captureLogger } from '../helpers/app.js';
import type { TTestDatabase } from '../helpers/db.js';
import { createSandboxDemoDatabase } from '../helpers/seeded-db.js';
import { acceptedApplication, newBorrower } from '../applications/helpers.js';
import { stageOf } from '@pledge/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { applications } from '../../src/db/schema/index.js';
import { appPath, MANUAL_BANK, post } from './helpers.js';
import { closeTestApp } from '../helpers/test-app.js';

describe('disbursement logging', () => {
  let database: TTestDatabase;
  let app: FastifyInstance;
  const captured = captureLogger();

  beforeAll(async () => {
    database = await createSandboxDemoDatabase();
    app = await buildTestApp({ database, logger: captured.logger });
  });
  afterAll(() => closeTestApp({ database, app }));

  it('never writes the account number to the logs, on success or refusal', async () => {
    const borrower = await newBorrower(app);
    const accepted = await acceptedApplication(app, borrower.token);
    await database.db
      .update(applications)
      .set({ state: 'SIGN_DOCS', stage: stageOf('SIGN_DOCS') })
      .where(eq(applications.uuid, accepted.appUuid));
    const path = appPath(accepted.appUuid, '/disbursement/manual-bank');
    expect((await post(app, path, borrower.token, MANUAL_BANK)).statusCode).toBe(200);
    const refused = await post(app, path, borrower.token, { ...MANUAL_BANK, routingNumber: '1' });
    expect(refused.statusCode).toBe(400);
    const other = await newBorrower(app);
    expect((await post(app, path, other.token, MANUAL_BANK)).statusCode).toBe(404);

    const logs = captured.lines.join('\n');
    expect(logs).toContain(accepted.appUuid);
    expect(logs).not.toContain(MANUAL_BANK.accountNumber);
  });
});
