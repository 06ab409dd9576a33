/** Records why the borrower left the bank-link widget, for support (document 1 §7). */
import type { TPostStoreLinkErrorBody } from '@pledge/contract';
import { bankLinkErrors } from '../../db/schema/index.js';
import { findOwnedApplication } from '../applications/application-record.js';
import type { TBankLinkDeps } from './bank-link-record.js';

export async function storeLinkError(
  deps: Pick<TBankLinkDeps, 'db' | 'clock'>,
  input: { identityUuid: string; body: TPostStoreLinkErrorBody },
): Promise<void> {
  const { appUuid, linkError, linkErrorMetadata } = input.body;
  if (appUuid !== undefined) await findOwnedApplication(deps.db, input.identityUuid, appUuid);
  await deps.db.insert(bankLinkErrors).values({
    identityUuid: input.identityUuid,
    applicationUuid: appUuid ?? null,
    errorType: linkError?.errorType ?? null,
    errorCode: linkError?.errorCode ?? null,
    errorMessage: linkError?.errorMessage ?? null,
    displayMessage: linkError?.displayMessage ?? null,
    institutionId: linkErrorMetadata.institution?.institutionId ?? null,
    institutionName: linkErrorMetadata.institution?.name ?? null,
    exitStatus: linkErrorMetadata.status,
    linkSessionId: linkErrorMetadata.linkSessionId,
    requestId: linkErrorMetadata.requestId,
    createdAt: deps.clock(),
  });
}
