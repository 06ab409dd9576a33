import { beforeAll, describe, expect, it } from 'vitest';
import { IDENTITY_MESSAGES } from '@pledge/domain';
import { opsCall, opsPath, signInAgent, type TAgent } from '../ops/helpers.js';
import { picture } from './helpers.js';
import { identityStatus, PASSPORT_FRONT, useIdentityUploadApp } from './identity-upload-kit.js';

const kit = useIdentityUploadApp('identity-approved-final-test');
const { borrowerAtFinalSteps, finalSteps, uploadFor, withAdditionalDocuments } = kit;

describe('an approved ID is final', () => {
  let agent: TAgent;
  beforeAll(async () => {
    agent = await signInAgent(kit.context);
  });

  async function approve(appUuid: string) {
    const response = await opsCall(
      kit.context.app,
      'POST',
      opsPath(`/${appUuid}/identity/approve`),
      agent.token,
    );
    expect(response.statusCode).toBe(200);
  }

  async function approvedBorrower() {
    const borrower = await borrowerAtFinalSteps();
    const first = await uploadFor(borrower, PASSPORT_FRONT);
    expect(first.statusCode).toBe(201);
    await approve(borrower.appUuid);
    expect(identityStatus(await finalSteps(borrower.token, borrower.appUuid))).toBe('COMPLETED');
    return borrower;
  }

  const anotherId = async (red: number) =>
    ({
      document: {
        name: 'document',
        value: await picture('png', { red }),
        fileName: 'other.png',
      },
    }) as const;

  it('refuses another ID after approval (409), concurrently too, and stays COMPLETED', async () => {
    const borrower = await approvedBorrower();
    const [one, two] = await Promise.all([
      uploadFor(borrower, await anotherId(1)),
      uploadFor(borrower, {
        ...PASSPORT_FRONT,
        ...(await anotherId(2)),
      }),
    ]);
    for (const response of [one, two]) {
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'ID_ALREADY_APPROVED',
        message: IDENTITY_MESSAGES.alreadyApproved,
      });
    }
    const rows = await kit.storedDocuments(borrower.appUuid);
    expect(rows.map((row) => row.reviewStatus)).toEqual(['APPROVED']);
    expect(identityStatus(await finalSteps(borrower.token, borrower.appUuid))).toBe('COMPLETED');
  });

  it('never leaves an upload pending beside an approval it raced', async () => {
    const borrower = await borrowerAtFinalSteps();
    const first = await uploadFor(borrower);
    expect(first.statusCode).toBe(201);
    const [approval, ...uploads] = await Promise.all([
      opsCall(
        kit.context.app,
        'POST',
        opsPath(`/${borrower.appUuid}/identity/approve`),
        agent.token,
      ),
      uploadFor(borrower, await anotherId(3)),
      uploadFor(borrower, await anotherId(4)),
    ]);
    expect(approval?.statusCode).toBe(200);
    for (const response of uploads) expect([201, 409]).toContain(response.statusCode);
    // Either an upload came first (the agent approved it too) or it was refused afterwards.
    const rows = await kit.storedDocuments(borrower.appUuid);
    expect(rows.every((row) => row.reviewStatus === 'APPROVED')).toBe(true);
    expect(identityStatus(await finalSteps(borrower.token, borrower.appUuid))).toBe('COMPLETED');
  });

  it('accepts the additional document an agent asks for, and keeps the approved ID final', async () => {
    const borrower = await approvedBorrower();
    await withAdditionalDocuments(async () => {
      expect(identityStatus(await finalSteps(borrower.token, borrower.appUuid))).toBe(
        'IN_PROGRESS',
      );
      const passport = await uploadFor(borrower, {
        ...PASSPORT_FRONT,
        ...(await anotherId(5)),
      });
      expect(passport.statusCode).toBe(409);
      const bill = await uploadFor(borrower, {
        documentType: { name: 'documentType', value: 'USER_UPLOADED_DOCUMENT' },
        ...(await anotherId(6)),
      });
      expect(bill.statusCode).toBe(201);
      await approve(borrower.appUuid);
      expect(identityStatus(await finalSteps(borrower.token, borrower.appUuid))).toBe('COMPLETED');
      const billAgain = await uploadFor(borrower, {
        documentType: { name: 'documentType', value: 'USER_UPLOADED_DOCUMENT' },
        ...(await anotherId(7)),
      });
      expect(billAgain.statusCode).toBe(409);
    });
  });

  it('still accepts a new ID after a rejection', async () => {
    const borrower = await borrowerAtFinalSteps();
    expect((await uploadFor(borrower)).statusCode).toBe(201);
    const rejected = await opsCall(
      kit.context.app,
      'POST',
      opsPath(`/${borrower.appUuid}/identity/reject`),
      agent.token,
      { reason: 'Blurry' },
    );
    expect(rejected.statusCode).toBe(200);
    const again = await uploadFor(borrower, await anotherId(8));
    expect(again.statusCode).toBe(201);
  });
});
