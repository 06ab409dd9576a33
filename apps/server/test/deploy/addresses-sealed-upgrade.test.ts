/**
 * The upgrade that seals the tape loans' and the outbox's addresses at rest (migration 0035, expand
 * phase): rows the previous release wrote (addresses in clear only) are served after it, before and
 * after the boot step seals them; once sealed they are served from the sealed copy and the digest
 * alone (their clear column a decoy); the boot step runs once and logs no address; a tape loan whose
 * address the previous release rewrites in clear drops its stale sealed copy until the next boot.
 */
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TGetOpsFailedMailResponse, TGetRefiTapeLoansResponse } from '@pledge/contract';
import { createAdapters, type TAdapters } from '../../src/adapters/index.js';
import { runMigrations } from '../../src/db/migrate.js';
import { seedSandbox } from '../../src/db/seed.js';
import { runBootStep } from '../helpers/boot-step.js';
import { createFieldCipher } from '../../src/security/field-encryption.js';
import { digestEmail } from '../../src/services/identity/email-address.js';
import { outboxRecipientContext } from '../../src/services/email/outbox-recipient.js';
import { mailboxDigest, tapeEmailContext } from '../../src/services/refi/tape-email.js';
import type { TApplicationsTestContext } from '../applications/helpers.js';
import { buildTestApp, TEST_ENCRYPTION_KEY } from '../helpers/app.js';
import { createTestDatabase, type TTestDatabase } from '../helpers/db.js';
import { migrationsBefore } from '../helpers/migrations-before.js';
import { useTempDir } from '../helpers/temp-dir.js';
import { mailbox, signIn } from '../identity/sign-in.js';
import { signInAgent, type TAgent } from '../ops/helpers.js';
import { call, lookUp, OPS } from '../refi/helpers.js';

const UPGRADE = '0035_tape-outbox-addresses-sealed';
const cipher = createFieldCipher(TEST_ENCRYPTION_KEY);

/** The tape's address, and the borrower's sign-in address: the same Gmail mailbox. */
const TAPE_EMAIL = 'legacy.borrower@gmail.com';
const SIGN_IN_EMAIL = 'LegacyBorrower+refi@gmail.com';
const MAIL_TO = 'old-mail@example.com';
const MOVING_EMAIL = 'moving@example.com';
const MOVED_EMAIL = 'moved@example.com';

let folder: string;
const filesDir = useTempDir('pledge-addresses-sealed');
let database: TTestDatabase;
let adapters: TAdapters;
let app: FastifyInstance;
let agent: TAgent;
/** The borrower signed in with SIGN_IN_EMAIL. */
let borrowerToken: string;
const storedId = randomUUID();
const failedId = randomUUID();

/** The rows as the previous release writes them: addresses in clear only. */
async function writeAsPreviousRelease(): Promise<void> {
  await database.db.execute(sql`
    INSERT INTO refi_tape_loans (loan_id, source, borrower_email, collateral_type,
        collateral_quantity, principal_cents, jurisdiction, passport_on_file, custody_arrangement)
      VALUES ('U-1', 'IMPORT', ${TAPE_EMAIL}, 'BTC', '0.5', 1500000, 'US-NY', true, 'CUSTODY'),
             ('U-2', 'IMPORT', ${MOVING_EMAIL}, 'BTC', '0.5', 1500000, 'US-NY', true, 'CUSTODY')`);
  await database.db.execute(sql`
    INSERT INTO outbox (id, kind, to_address, subject, body_text, status, attempts, error)
      VALUES (${storedId}, 'message', ${MAIL_TO}, 'Kept in the mailbox', 'Hello', 'stored', 1, null),
             (${failedId}, 'message', ${MAIL_TO}, 'Given up', 'Hello', 'failed', 5, 'refused')`);
}

beforeAll(async () => {
  folder = migrationsBefore(UPGRADE);
  database = await createTestDatabase({ migrate: false });
  await runMigrations(database.pool, { migrationsFolder: folder });
  await writeAsPreviousRelease();
  await runMigrations(database.pool);
  await seedSandbox(database.db, cipher);
  adapters = createAdapters({ config: { sandbox: true }, db: database.db });
  app = await buildTestApp({ database, adapters });
  agent = await signInAgent({ app, database } as TApplicationsTestContext);
  borrowerToken = await signIn(app, SIGN_IN_EMAIL);
});
afterAll(async () => {
  await app.close();
  await database.drop();
  rmSync(folder, { recursive: true, force: true });
});

async function bootStep(): Promise<string[]> {
  return runBootStep({ db: database.db, storage: adapters.storage, filesDir: filesDir() });
}

/** The console's tape list, searched by a loan id or an address: its loan ids and addresses. */
async function tapeSearch(search: string): Promise<{ loanId: string; borrowerEmail: string }[]> {
  const response = await call(
    app,
    'GET',
    `${OPS}/refi/tape/loans?search=${encodeURIComponent(search)}`,
    agent.token,
  );
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as TGetRefiTapeLoansResponse).items.map((item) => ({
    loanId: item.loanId,
    borrowerEmail: item.borrowerEmail,
  }));
}

/** The messages to an address, each its recipient and subject, in the order of their subjects. */
async function messagesBySubject(to: string): Promise<{ to: string; subject: string }[]> {
  return (await mailbox(app, to))
    .map((message) => ({ to: message.to, subject: message.subject }))
    .sort((a, b) => a.subject.localeCompare(b.subject));
}

async function failedRecipients(): Promise<string[]> {
  const response = await call(app, 'GET', `${OPS}/outbox/failed`, agent.token);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as TGetOpsFailedMailResponse).messages
    .filter((message) => message.outboxId === failedId)
    .map((message) => message.recipient);
}

/** Everything this release serves of the rows the previous release wrote. */
async function expectServed(): Promise<void> {
  expect(await tapeSearch(TAPE_EMAIL.toUpperCase())).toEqual([
    { loanId: 'U-1', borrowerEmail: TAPE_EMAIL },
  ]);
  expect(await tapeSearch('U-1')).toEqual([{ loanId: 'U-1', borrowerEmail: TAPE_EMAIL }]);
  // The borrower whose sign-in address reaches the tape's mailbox finds the loan.
  const found = await lookUp(app, borrowerToken, 'U-1');
  expect(found.applications.map((application) => application.celsiusLoanNumbers)).toEqual([
    ['U-1'],
  ]);
  expect(await messagesBySubject(MAIL_TO.toUpperCase())).toEqual([
    { to: MAIL_TO, subject: 'Given up' },
    { to: MAIL_TO, subject: 'Kept in the mailbox' },
  ]);
  expect(await failedRecipients()).toEqual(['o••••@example.com']);
}

type TSealedRow = { clear: string; sealed: string | null; digest: string | null };

async function tapeRow(loanId: string): Promise<TSealedRow | undefined> {
  const result = await database.db.execute<TSealedRow>(sql`
    SELECT borrower_email AS clear, borrower_email_sealed AS sealed,
           borrower_mailbox_digest AS digest
    FROM refi_tape_loans WHERE loan_id = ${loanId}`);
  return result.rows[0];
}

async function outboxRow(id: string): Promise<TSealedRow | undefined> {
  const result = await database.db.execute<TSealedRow>(sql`
    SELECT to_address AS clear, to_address_sealed AS sealed, to_digest AS digest
    FROM outbox WHERE id = ${id}`);
  return result.rows[0];
}

function expectTapeSealed(row: TSealedRow | undefined, loanId: string, email: string): void {
  expect(cipher.decryptText(row?.sealed ?? '', tapeEmailContext(loanId))).toBe(email);
  expect(row?.digest).toBe(mailboxDigest(cipher, email));
}

describe('upgrade: tape loans’ and outbox addresses sealed at rest', () => {
  it('serves the previous release’s rows before and after the boot step seals them, once', async () => {
    expect((await tapeRow('U-1'))?.sealed).toBeNull();
    expect((await outboxRow(storedId))?.sealed).toBeNull();
    await expectServed();

    const lines = await bootStep();
    expect(lines.join('\n')).toContain('"sealedAddresses"');
    expect(lines.join('\n')).not.toContain('@');
    expectTapeSealed(await tapeRow('U-1'), 'U-1', TAPE_EMAIL);
    for (const id of [storedId, failedId]) {
      const row = await outboxRow(id);
      expect(cipher.decryptText(row?.sealed ?? '', outboxRecipientContext(id))).toBe(MAIL_TO);
      expect(row?.digest).toBe(digestEmail(cipher, MAIL_TO));
    }
    await expectServed();

    // Sealed rows are served by their sealed copy and digest alone, as the next release's will be.
    await database.db.execute(
      sql`ALTER TABLE refi_tape_loans DISABLE TRIGGER refi_tape_loans_email_unseal_stale`,
    );
    await database.db.execute(
      sql`UPDATE refi_tape_loans SET borrower_email = 'decoy-' || lower(loan_id) || '@decoy.invalid'
          WHERE loan_id = 'U-1'`,
    );
    await database.db.execute(
      sql`ALTER TABLE refi_tape_loans ENABLE TRIGGER refi_tape_loans_email_unseal_stale`,
    );
    await database.db.execute(
      sql`UPDATE outbox SET to_address = 'decoy@decoy.invalid' WHERE id IN (${storedId}, ${failedId})`,
    );
    await expectServed();

    // Nothing is left to seal: the boot step changes and logs nothing more.
    const sealedBefore = (await tapeRow('U-1'))?.sealed;
    expect(await bootStep()).toEqual([]);
    expect((await tapeRow('U-1'))?.sealed).toBe(sealedBefore);
  });

  it('forgets a tape loan’s sealed copy when the previous release rewrites its address in clear', async () => {
    await bootStep();
    expectTapeSealed(await tapeRow('U-2'), 'U-2', MOVING_EMAIL);

    await database.db.execute(
      sql`UPDATE refi_tape_loans SET borrower_email = ${MOVED_EMAIL} WHERE loan_id = 'U-2'`,
    );
    const row = await tapeRow('U-2');
    expect(row?.sealed).toBeNull();
    expect(row?.digest).toBeNull();
    expect(await tapeSearch(MOVED_EMAIL)).toEqual([{ loanId: 'U-2', borrowerEmail: MOVED_EMAIL }]);
    expect(await tapeSearch(MOVING_EMAIL)).toEqual([]);

    await bootStep();
    expectTapeSealed(await tapeRow('U-2'), 'U-2', MOVED_EMAIL);
    expect(await tapeSearch(MOVED_EMAIL)).toEqual([{ loanId: 'U-2', borrowerEmail: MOVED_EMAIL }]);
  });
});
