import type { FastifyPluginAsync } from 'fastify';
import {
  getOpsApplication,
  getOpsApplications,
  getOpsIdentityDocument,
  postOpsApproveHolderName,
  postOpsApproveIdentity,
  postOpsApproveProposal,
  postOpsCancelApplication,
  postOpsDeclineApplication,
  postOpsProposePayoff,
  postOpsProposeReleaseFunds,
  postOpsRejectHolderName,
  postOpsRejectIdentity,
  postOpsRejectProposal,
} from '@pledge/contract';
import type { TEncryptedStore } from '../../adapters/storage/encrypted.js';
import { route } from '../../http/route.js';
import { readIdentityDocumentFile } from '../../services/identity-documents/read-identity-document-file.js';
import { approveIdentity } from '../../services/ops/approve-identity.js';
import { approveProposal } from '../../services/ops/approve-proposal.js';
import { cancelApplication } from '../../services/ops/cancel-application.js';
import { declineApplication } from '../../services/ops/decline-application.js';
import { decideHolderName } from '../../services/ops/decide-holder-name.js';
import { getOpsApplication as readOpsApplication } from '../../services/ops/get-ops-application.js';
import { listOpsApplications } from '../../services/ops/list-ops-applications.js';
import type { TOpsDeps } from '../../services/ops/ops-record.js';
import { proposePayoff } from '../../services/ops/propose-payoff.js';
import { proposeReleaseFunds } from '../../services/ops/propose-release-funds.js';
import { rejectIdentity } from '../../services/ops/reject-identity.js';
import { rejectProposal } from '../../services/ops/reject-proposal.js';
import { agentOnApplicationOf } from '../../http/auth.js';

/**
 * A download header for a name the borrower's device chose: a plain-ASCII fallback plus the exact
 * name encoded (RFC 6266), so no character of it can break the header.
 */
export function attachmentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export const opsApplicationsRoutes: FastifyPluginAsync<
  TOpsDeps & { store: TEncryptedStore }
> = async (app, { store, ...deps }) => {
  route(app, getOpsApplications, ({ query }) => listOpsApplications(deps, query));
  route(app, getOpsApplication, ({ params }) => readOpsApplication(deps, params));
  route(app, getOpsIdentityDocument, async ({ params, reply }) => {
    const file = await readIdentityDocumentFile(
      { db: deps.db, store },
      { appUuid: params.appUuid, documentUuid: params.docUuid },
    );
    void reply
      .type(file.contentType)
      .header('content-disposition', attachmentDisposition(file.fileName))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store');
    // Decrypted bytes always own a plain ArrayBuffer; Fastify sends a Buffer as it is.
    return file.bytes as Buffer<ArrayBuffer>;
  });
  route(app, postOpsApproveIdentity, ({ params, request }) =>
    approveIdentity(deps, agentOnApplicationOf(request, params)),
  );
  route(app, postOpsRejectIdentity, ({ params, body, request }) =>
    rejectIdentity(deps, { ...agentOnApplicationOf(request, params), reason: body.reason }),
  );
  route(app, postOpsProposeReleaseFunds, ({ params, body, request }) =>
    proposeReleaseFunds(deps, { ...agentOnApplicationOf(request, params), body }),
  );
  route(app, postOpsProposePayoff, ({ params, body, request }) =>
    proposePayoff(deps, { ...agentOnApplicationOf(request, params), body }),
  );
  route(app, postOpsApproveProposal, ({ params, request }) =>
    approveProposal(deps, {
      ...agentOnApplicationOf(request, params),
      proposalId: params.proposalId,
    }),
  );
  route(app, postOpsRejectProposal, ({ params, body, request }) =>
    rejectProposal(deps, {
      ...agentOnApplicationOf(request, params),
      proposalId: params.proposalId,
      reason: body.reason,
    }),
  );
  route(app, postOpsApproveHolderName, ({ params, request }) =>
    decideHolderName(deps, { ...agentOnApplicationOf(request, params), decision: 'APPROVED' }),
  );
  route(app, postOpsRejectHolderName, ({ params, body, request }) =>
    decideHolderName(deps, {
      ...agentOnApplicationOf(request, params),
      decision: 'REJECTED',
      reason: body.reason,
    }),
  );
  route(app, postOpsCancelApplication, ({ params, body, request }) =>
    cancelApplication(deps, { ...agentOnApplicationOf(request, params), reason: body.reason }),
  );
  route(app, postOpsDeclineApplication, ({ params, body, request }) =>
    declineApplication(deps, { ...agentOnApplicationOf(request, params), reason: body.reason }),
  );
};
