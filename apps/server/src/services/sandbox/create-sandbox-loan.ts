/**
 * Sandbox only (DESIGN §3): a funded loan for a borrower, made by walking the real flow with the
 * real use cases, in the order a borrower and two agents would: create the application, request
 * and accept an offer, submit details with an approving test SSN, run the credit check and the
 * disclosures, upload an ID that an agent approves, give a payout destination, sign every
 * document, deposit the collateral on the sandbox chain (the watcher counts it), and have one
 * sandbox agent propose the release of funds and the other approve it. Nothing is inserted by
 * hand, so the loan stays what a walked loan is as the flow evolves. The loan is identified by its
 * application (loanUuid = appUuid).
 */
import {
  ZPostLoanDetailsBody,
  type TPostLoanDetailsBodyInput,
  type TPostSandboxLoanBody,
  type TPostSandboxLoanResponse,
} from '@pledge/contract';
import { findCountry } from '@pledge/domain';
import sharp from 'sharp';
import { z } from 'zod/mini';
import type { TChainPort } from '../../adapters/chain/port.js';
import type { TCreditBureauPort } from '../../adapters/credit-bureau/port.js';
import type { TPricesPort } from '../../adapters/prices/port.js';
import type { TEncryptedStore } from '../../adapters/storage/encrypted.js';
import type { TDb } from '../../db/pool.js';
import { HttpError } from '../../http/errors.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import type { TClock } from '../../security/jwt.js';
import { createApplication } from '../applications/create-application.js';
import { submitLoanDetails } from '../applications/submit-loan-details.js';
import { ensureDepositAddress } from '../collateral/allocate-deposit-address.js';
import { recordSandboxDeposit } from '../collateral/record-sandbox-deposit.js';
import { runCreditCheck } from '../credit/run-credit-check.js';
import { confirmMicroTransfer } from '../disbursement/confirm-micro-transfer.js';
import { saveManualBank } from '../disbursement/save-manual-bank.js';
import { saveWalletAddress } from '../disbursement/save-wallet-address.js';
import { generateDisclosures } from '../disclosures/generate-disclosures.js';
import { listBorrowerDocuments } from '../disclosures/list-borrower-documents.js';
import { signDocument } from '../disclosures/sign-document.js';
import { uploadIdentityDocument } from '../identity-documents/upload-identity-document.js';
import {
  isActiveAgent,
  SANDBOX_AGENT_EMAIL,
  SANDBOX_SECOND_AGENT_EMAIL,
} from '../identity/agents.js';
import { normalizeEmail } from '../identity/email-address.js';
import { findOrCreateIdentity } from '../identity/find-or-create-identity.js';
import { acceptOffer } from '../offers/accept-offer.js';
import { requestOffer } from '../offers/request-offer.js';
import { approveIdentity } from '../ops/approve-identity.js';
import { approveProposal } from '../ops/approve-proposal.js';
import { proposeReleaseFunds } from '../ops/propose-release-funds.js';

export interface TCreateSandboxLoanDeps {
  db: TDb;
  clock: TClock;
  cipher: TFieldCipher;
  prices: TPricesPort;
  chain: TChainPort;
  creditBureau: TCreditBureauPort;
  store: TEncryptedStore;
}

/** The brand of every sandbox loan. */
const SANDBOX_LOAN_ORGANIZATION = 'default';
/** Any SSN but the documented refusal endings (0001–0004) is approved by the sandbox bureau. */
const APPROVING_TEST_SSN = '123-45-6789';
/** The sandbox bank account (routing number with a valid checksum). */
const SANDBOX_BANK = { routingNumber: '011000015', accountNumber: '000123456789' } as const;
const SANDBOX_USDC_WALLET = '0x52908400098527886E0F7030069857D2E4169EE7';
const SANDBOX_BORROWER_NAME = { firstName: 'Sandy', lastName: 'Borrower' } as const;
/** The maker and the checker of the release; neither may be the borrower. */
const SANDBOX_AGENT_EMAILS: readonly string[] = [SANDBOX_AGENT_EMAIL, SANDBOX_SECOND_AGENT_EMAIL];
const SIGNED_FROM = { ipAddress: '127.0.0.1', userAgent: 'sandbox-loan' } as const;

export const SANDBOX_LOAN_MESSAGES = {
  agentAddress: 'Use a borrower’s address: agents never borrow on the platform they operate.',
  notFunded: (state: string) => `The sandbox loan stopped in state ${state} instead of COMPLETE.`,
} as const;

function detailsOf(body: TPostSandboxLoanBody, email: string): TPostLoanDetailsBodyInput {
  const common = {
    ...SANDBOX_BORROWER_NAME,
    dob: '1985-04-12',
    email,
  };
  if (body.state !== undefined) {
    return {
      ...common,
      residency: 'UNITED_STATES',
      ssn: APPROVING_TEST_SSN,
      address: { street1: '1 Main St', city: 'Springfield', state: body.state, zip: '12345' },
      phone: '(555) 555-0100',
      isCitizenOrPermanentResident: true,
      consents: { TERMS: true, PRIVACY: true, eSign: true, SOFT_CREDIT: true },
    };
  }
  const country = body.countryCode ?? '';
  return {
    ...common,
    residency: 'INTERNATIONAL',
    address: {
      street1: '1 Main Street',
      city: findCountry(country)?.name ?? country,
      zip: '10000',
      country,
    },
    phone: '+44 20 7946 0000',
    consents: { TERMS: true, PRIVACY: true, eSign: true },
  };
}

/** A small real picture: the upload path decodes and re-encodes every ID. */
function identityPicture(): Promise<Buffer> {
  return sharp({
    create: { width: 64, height: 40, channels: 3, background: { r: 90, g: 120, b: 200 } },
  })
    .png()
    .toBuffer();
}

export async function createSandboxLoan(
  deps: TCreateSandboxLoanDeps,
  body: TPostSandboxLoanBody,
): Promise<TPostSandboxLoanResponse> {
  const email = normalizeEmail(body.email);
  const isAgent = SANDBOX_AGENT_EMAILS.includes(email) || (await isActiveAgent(deps.db, email));
  if (isAgent) {
    throw new HttpError(400, 'VALIDATION_ERROR', SANDBOX_LOAN_MESSAGES.agentAddress, {
      email: [SANDBOX_LOAN_MESSAGES.agentAddress],
    });
  }
  const borrower = await findOrCreateIdentity(deps, {
    email: body.email,
    orgCode: SANDBOX_LOAN_ORGANIZATION,
  });
  const identityUuid = borrower.uuid;
  const maker = await findOrCreateIdentity(deps, {
    email: SANDBOX_AGENT_EMAIL,
    orgCode: SANDBOX_LOAN_ORGANIZATION,
  });
  const checker = await findOrCreateIdentity(deps, {
    email: SANDBOX_SECOND_AGENT_EMAIL,
    orgCode: SANDBOX_LOAN_ORGANIZATION,
  });
  const opsDeps = { db: deps.db, cipher: deps.cipher, clock: deps.clock };

  // /start: the application, the offer and its acceptance.
  const created = await createApplication(deps, {
    identityUuid,
    flow: 'WEB',
    body: { organization: SANDBOX_LOAN_ORGANIZATION },
    idempotencyKey: undefined,
  });
  const appUuid = created.appUuid;
  const priced = await requestOffer(deps, {
    identityUuid,
    appUuid,
    body: {
      requestedAmount: body.drawAmount,
      collateralType: body.collateralType,
      coinQuantity: body.coinQuantity,
      ...(body.state !== undefined ? { state: body.state } : {}),
      ...(body.countryCode !== undefined ? { countryCode: body.countryCode } : {}),
    },
  });
  const offer = priced.offers.at(-1);
  if (offer === undefined) throw new Error('The requested offer was not made');
  await acceptOffer(deps, { identityUuid, appUuid, offerUuid: offer.uuid });

  // /details, then what the job worker would run: the credit check and the disclosures.
  await submitLoanDetails(deps, {
    identityUuid,
    appUuid,
    body: z.parse(ZPostLoanDetailsBody, detailsOf(body, body.email)),
  });
  await runCreditCheck(deps, appUuid);
  await generateDisclosures({ ...deps, sandbox: true }, appUuid);

  // Final steps: the ID (approved by an agent), the payout destination, the signatures.
  await uploadIdentityDocument(
    { db: deps.db, store: deps.store, clock: deps.clock, autoReview: false },
    {
      identityUuid,
      appUuid,
      documentOwnerIdentityUuid: identityUuid,
      documentType: body.state !== undefined ? 'DRIVERS_LICENSE_FRONT' : 'PASSPORT_FRONT',
      fileName: 'sandbox-id.png',
      file: { bytes: await identityPicture(), fileName: 'sandbox-id.png' },
    },
  );
  await approveIdentity(opsDeps, { appUuid, agentUuid: maker.uuid });
  if (body.state !== undefined) {
    await saveManualBank(deps, {
      identityUuid,
      appUuid,
      body: { ...SANDBOX_BANK, ...SANDBOX_BORROWER_NAME },
    });
  } else {
    await saveWalletAddress(deps, {
      identityUuid,
      appUuid,
      body: { address: SANDBOX_USDC_WALLET },
    });
  }
  const unsigned = await listBorrowerDocuments(deps.db, {
    identityUuid,
    appUuid,
    borrowerUuid: identityUuid,
    onlyUnsigned: true,
  });
  for (const document of unsigned) {
    await signDocument(deps, {
      identityUuid,
      appUuid,
      borrowerUuid: identityUuid,
      docUuid: document.uuid,
      ...SIGNED_FROM,
    });
  }

  // /collateral: the deposit, confirmed at once; the watcher counts it and funding moves on.
  const address = await ensureDepositAddress(deps, { identityUuid, appUuid });
  await recordSandboxDeposit(deps, { address, amount: body.coinQuantity });
  if (body.countryCode !== undefined) {
    await confirmMicroTransfer(deps, { identityUuid, appUuid, body: { confirmed: true } });
  }

  // Maker–checker release by the two sandbox agents.
  const proposed = await proposeReleaseFunds(opsDeps, {
    appUuid,
    agentUuid: maker.uuid,
    body: { reference: `SANDBOX-${appUuid.slice(0, 8).toUpperCase()}` },
  });
  const proposal = proposed.proposals.find(
    (candidate) => candidate.kind === 'RELEASE_FUNDS' && candidate.status === 'PENDING',
  );
  if (proposal === undefined) throw new Error('The release proposal was not recorded');
  const approved = await approveProposal(opsDeps, {
    appUuid,
    proposalId: proposal.id,
    agentUuid: checker.uuid,
  });
  if (approved.application.state !== 'COMPLETE') {
    throw new Error(SANDBOX_LOAN_MESSAGES.notFunded(approved.application.state));
  }
  return { appUuid, loanUuid: appUuid };
}
