import type { TEndpoint } from './define-endpoint.js';
import { getAddressLookup } from './address/get-address-lookup.js';
import { getBanners } from './banners/get-banners.js';
import { getAgentFigureInfo, getCustomerFigureInfo } from './identity-broker/get-figure-info.js';
import { postAgentLogin, postCustomerLogin } from './identity-broker/post-login.js';
import { postAgentLogout, postCustomerLogout } from './identity-broker/post-logout.js';
import { postAgentOtpStart, postCustomerOtpStart } from './identity-broker/post-otp-start.js';
import { postAgentOtpVerify, postCustomerOtpVerify } from './identity-broker/post-otp-verify.js';
import { getIdentity } from './identity/get-identity.js';
import { postLegacyLogin } from './identity/post-legacy-login.js';
import { putIdentityAlias } from './identity/put-identity-alias.js';
import { postIdentityAliasConfirm } from './identity/post-identity-alias-confirm.js';
import { postIdentityAliasUndo } from './identity/post-identity-alias-undo.js';
import { postIdentityStepUp } from './identity/post-identity-step-up.js';
import { getIdentitySessions } from './identity/get-identity-sessions.js';
import { deleteIdentitySession } from './identity/delete-identity-session.js';
import { postIdentitySessionsEnd } from './identity/post-identity-sessions-end.js';
import { getApplication } from './leap/get-application.js';
import { getBankLinkAuth } from './leap/get-bank-link-auth.js';
import { getBorrowerDocument } from './leap/get-borrower-document.js';
import { getBorrowerDocuments } from './leap/get-borrower-documents.js';
import { getCollateral } from './leap/get-collateral.js';
import { getCollateralProof } from './leap/get-collateral-proof.js';
import { postCollateralProofLink } from './leap/post-collateral-proof-link.js';
import { deleteCollateralProofLink } from './leap/delete-collateral-proof-link.js';
import { getPublicCollateralProof } from './leap/get-public-collateral-proof.js';
import { postSandboxChainWithdrawal } from './sandbox/post-chain-withdrawal.js';
import { getOpsCollateralDiscrepancies } from './ops/get-collateral-discrepancies.js';
import { getDisbursement } from './leap/get-disbursement.js';
import { getCryptoValues } from './leap/get-crypto-values.js';
import { getFinalSteps } from './leap/get-final-steps.js';
import { getKrangState } from './leap/get-krang-state.js';
import { getMicroDepositStatus } from './leap/get-micro-deposit-status.js';
import { getOffers } from './leap/get-offers.js';
import { getSelectedOffer } from './leap/get-selected-offer.js';
import { getUnsignedBorrowerDocuments } from './leap/get-unsigned-borrower-documents.js';
import { getUserApps } from './leap/get-user-apps.js';
import { getValidCountries } from './leap/get-valid-countries.js';
import { getValidStates } from './leap/get-valid-states.js';
import { postBankLinkExchange } from './leap/post-bank-link-exchange.js';
import { postBankLinkToken } from './leap/post-bank-link-token.js';
import { postCollateralBorrowerConfirmation } from './leap/post-collateral-borrower-confirmation.js';
import { postCollateralCalculate } from './leap/post-collateral-calculate.js';
import { postCollateralRelease } from './leap/post-collateral-release.js';
import { postCollateralSourceWalletType } from './leap/post-collateral-source-wallet-type.js';
import { postCreateApplication } from './leap/post-create-application.js';
import { postCreditRetry } from './leap/post-credit-retry.js';
import { postCreateMobileFlowApplication } from './leap/post-create-mobile-flow-application.js';
import { postDisbursementAccount } from './leap/post-disbursement-account.js';
import { postIdentityDocuments } from './leap/post-identity-documents.js';
import { postLoanDetails } from './leap/post-loan-details.js';
import { postManualBank } from './leap/post-manual-bank.js';
import { postMicroDepositBorrowerConfirmation } from './leap/post-micro-deposit-borrower-confirmation.js';
import { postMicroTransferConfirmation } from './leap/post-micro-transfer-confirmation.js';
import { postRates } from './leap/post-rates.js';
import { postRequestedOffer } from './leap/post-requested-offer.js';
import { postRollForwardOffers } from './leap/post-roll-forward-offers.js';
import { postRollForwardRates } from './leap/post-roll-forward-rates.js';
import { postRollForwardTopUp } from './leap/post-roll-forward-top-up.js';
import { postSelectOffer } from './leap/post-select-offer.js';
import { postSignDocument } from './leap/post-sign-document.js';
import { postStoreLinkError } from './leap/post-store-link-error.js';
import { postWaitlist } from './leap/post-waitlist.js';
import { postWalletAddress } from './leap/post-wallet-address.js';
import { deleteOpsBanner } from './ops/delete-banner.js';
import { getOpsApplication } from './ops/get-application.js';
import { getOpsApplications } from './ops/get-applications.js';
import { getOpsBanners } from './ops/get-banners.js';
import { getOpsFlags } from './ops/get-flags.js';
import { getOpsIdentityDocument } from './ops/get-identity-document.js';
import { postOpsApproveIdentity } from './ops/post-approve-identity.js';
import { postOpsBanner } from './ops/post-banner.js';
import { postOpsCancelApplication } from './ops/post-cancel-application.js';
import { postOpsDeclineApplication } from './ops/post-decline-application.js';
import { postOpsRejectIdentity } from './ops/post-reject-identity.js';
import { getOpsAgents } from './ops/get-agents.js';
import { getOpsFailedMail } from './ops/get-failed-mail.js';
import { getOpsHealth } from './ops/get-health.js';
import { postOpsRetryMail } from './ops/post-retry-mail.js';
import { postOpsApproveHolderName } from './ops/post-approve-holder-name.js';
import { postOpsApproveProposal } from './ops/post-approve-proposal.js';
import { postOpsDeactivateAgent } from './ops/post-deactivate-agent.js';
import { getControlledActions } from './ops/get-controlled-actions.js';
import {
  postApproveControlledAction,
  postRejectControlledAction,
} from './ops/post-decide-controlled-action.js';
import { postOpsProposePayoff } from './ops/post-propose-payoff.js';
import { postOpsProposeReleaseFunds } from './ops/post-propose-release-funds.js';
import { postOpsRejectHolderName } from './ops/post-reject-holder-name.js';
import { postOpsRejectProposal } from './ops/post-reject-proposal.js';
import { putOpsBanner } from './ops/put-banner.js';
import { putOpsFlag } from './ops/put-flag.js';
import { getRefiEstatePayoffs } from './ops/get-refi-estate-payoffs.js';
import { getRefiTapeLoans } from './ops/get-refi-tape-loans.js';
import { postConfirmRefiEstatePayoff } from './ops/post-confirm-refi-estate-payoff.js';
import { getRefiCoinReturns } from './ops/get-refi-coin-returns.js';
import { postRefiCoinReturn } from './ops/post-refi-coin-return.js';
import { postRefiTapeImport } from './ops/post-refi-tape-import.js';
import { postRefiTapeLoanBorrower } from './ops/post-refi-tape-loan-borrower.js';
import { postRefiTapePreview } from './ops/post-refi-tape-preview.js';
import { getOpsFailedJobs } from './ops/get-failed-jobs.js';
import { postOpsDiscardFailedJob } from './ops/post-discard-failed-job.js';
import { postOpsRetryFailedJob } from './ops/post-retry-failed-job.js';
import { postDecision } from './optimize/post-decision.js';
import { postFeatures } from './optimize/post-features.js';
import { getConsentTypes } from './profile/get-consent-types.js';
import { getProfile } from './profile/get-profile.js';
import { putProfile } from './profile/put-profile.js';
import { getCelsiusApplications } from './refi/get-celsius-applications.js';
import { getRefiDownloadDocument } from './refi/get-download-document.js';
import { getRefiDocumentText } from './refi/get-document-text.js';
import { getRefiUnsignedDocuments } from './refi/get-unsigned-documents.js';
import { postCelsiusCollateralCalculate } from './refi/post-celsius-collateral-calculate.js';
import { postCelsiusRefiBorrowerConfirmation } from './refi/post-celsius-refi-borrower-confirmation.js';
import { postCelsiusRefiCoinReturn } from './refi/post-celsius-refi-coin-return.js';
import { postCreateCelsiusApplication } from './refi/post-create-celsius-application.js';
import { postRefiSelectOffer } from './refi/post-select-offer.js';
import { postRefiSignDocument } from './refi/post-sign-document.js';
import { postRefiStabilization } from './refi/post-stabilization.js';
import { getSandboxMailbox } from './sandbox/get-mailbox.js';
import { deleteSandboxClock } from './sandbox/delete-clock.js';
import { getSandboxClock } from './sandbox/get-clock.js';
import { postSandboxClock } from './sandbox/post-clock.js';
import { getSandboxBankLinkInstitutions } from './sandbox/get-bank-link-institutions.js';
import { postSandboxBankLinkPublicToken } from './sandbox/post-bank-link-public-token.js';
import { postSandboxChainDeposit } from './sandbox/post-chain-deposit.js';
import { postSandboxPrices } from './sandbox/post-prices.js';
import { postSandboxLoan } from './sandbox/post-loans.js';
import { getSandboxWebhooks, postSandboxWebhookFailures } from './sandbox/webhook-inbox.js';
import {
  getOpsPartnerApiKeys,
  getOpsPartnerSecrets,
  getOpsWebhookDeliveries,
  getOpsWebhookEndpoints,
  postOpsPartnerApiKey,
  postOpsRevealPartnerSecret,
  postOpsWebhookEndpoint,
  postOpsWebhookReplay,
} from './ops/partner/partner-ops.js';
import { getLoanStatus } from './servicing/get-loan-status.js';
import { getServicingLoan } from './servicing/get-servicing-loan.js';
import { getServicingStatement } from './servicing/get-statement.js';
import { getServicingLiquidationStatement } from './servicing/get-liquidation-statement.js';
import { postServicingPayment } from './servicing/post-payment.js';
import { putServicingAutopay } from './servicing/put-autopay.js';
import { postServicingDeferralPreview } from './servicing/post-deferral-preview.js';
import { postServicingDeferral } from './servicing/post-deferral.js';
import { postServicingPayoffQuote } from './servicing/post-payoff-quote.js';
import { postServicingPayoff } from './servicing/post-payoff.js';
import { getOpsLoans } from './ops/get-loans.js';
import { getOpsLoan } from './ops/get-loan.js';
import { postOpsWirePayment } from './ops/post-wire-payment.js';
import { postOpsReversePayment } from './ops/post-reverse-payment.js';
import { getOpsReconciliation } from './ops/get-reconciliation.js';
import { getOpsRiskQueue } from './ops/get-risk-queue.js';
import { postOpsLiquidationFill } from './ops/post-liquidation-fill.js';
import { postOpsSurplusPayout } from './ops/post-surplus-payout.js';
import { getDocsJson } from './system/get-docs-json.js';
import { getHealthz } from './system/get-healthz.js';
import { getOpsBrand } from './ops/brands/get-brand.js';
import { getOpsBrands } from './ops/brands/get-brands.js';
import { postOpsBrand } from './ops/brands/post-brand.js';
import { postOpsBrandPreview } from './ops/brands/post-brand-preview.js';
import { postOpsBrandAsset } from './ops/brands/post-brand-asset.js';
import { getBrandAsset } from './brand-assets/get-brand-asset.js';
import { postOpsPublishBrandVersion } from './ops/brands/post-publish-brand-version.js';
import { putOpsBrandDraft } from './ops/brands/put-brand-draft.js';
import { getLivez } from './system/get-livez.js';
import { getReadyz } from './system/get-readyz.js';
import { postTelemetryEvent } from './telemetry/post-event.js';
import { postTelemetrySession } from './telemetry/post-session.js';

/**
 * Every endpoint of the contract by name. The server serves its OpenAPI document from it, and the
 * contract's tests check every entry (unique method and path, params matching the path, auth).
 */
export const endpoints = {
  getOpsBrand,
  getOpsBrands,
  postOpsBrand,
  postOpsBrandPreview,
  postOpsBrandAsset,
  getBrandAsset,
  postOpsPublishBrandVersion,
  putOpsBrandDraft,
  deleteOpsBanner,
  getAddressLookup,
  getAgentFigureInfo,
  getApplication,
  getBankLinkAuth,
  getBanners,
  getBorrowerDocument,
  getBorrowerDocuments,
  getCelsiusApplications,
  getCollateral,
  getCollateralProof,
  postCollateralProofLink,
  deleteCollateralProofLink,
  getPublicCollateralProof,
  postSandboxChainWithdrawal,
  getOpsCollateralDiscrepancies,
  getConsentTypes,
  getCryptoValues,
  getCustomerFigureInfo,
  getDocsJson,
  getFinalSteps,
  getHealthz,
  getLivez,
  getReadyz,
  getIdentity,
  getKrangState,
  getLoanStatus,
  getServicingLoan,
  getServicingStatement,
  getServicingLiquidationStatement,
  postServicingPayment,
  putServicingAutopay,
  postServicingDeferralPreview,
  postServicingDeferral,
  postServicingPayoffQuote,
  postServicingPayoff,
  getOpsLoans,
  getOpsLoan,
  postOpsWirePayment,
  getControlledActions,
  postApproveControlledAction,
  postRejectControlledAction,
  postOpsReversePayment,
  getOpsReconciliation,
  getOpsRiskQueue,
  postOpsLiquidationFill,
  postOpsSurplusPayout,
  getMicroDepositStatus,
  getOffers,
  getOpsApplication,
  getOpsApplications,
  getOpsBanners,
  getOpsFlags,
  getOpsIdentityDocument,
  getProfile,
  getRefiDownloadDocument,
  getRefiDocumentText,
  getRefiUnsignedDocuments,
  getSandboxBankLinkInstitutions,
  getSandboxMailbox,
  getSandboxClock,
  deleteSandboxClock,
  getSelectedOffer,
  getUnsignedBorrowerDocuments,
  getUserApps,
  getValidCountries,
  getValidStates,
  postAgentLogin,
  postAgentLogout,
  postAgentOtpStart,
  postAgentOtpVerify,
  postBankLinkExchange,
  postBankLinkToken,
  postCelsiusCollateralCalculate,
  postCelsiusRefiBorrowerConfirmation,
  postCelsiusRefiCoinReturn,
  postCollateralBorrowerConfirmation,
  postCollateralCalculate,
  postCollateralRelease,
  postCollateralSourceWalletType,
  postCreateApplication,
  postCreditRetry,
  postCreateCelsiusApplication,
  postCreateMobileFlowApplication,
  postCustomerLogin,
  postCustomerLogout,
  postCustomerOtpStart,
  postCustomerOtpVerify,
  postDecision,
  postDisbursementAccount,
  postFeatures,
  postIdentityAliasConfirm,
  postIdentityAliasUndo,
  postIdentityStepUp,
  getIdentitySessions,
  deleteIdentitySession,
  postIdentitySessionsEnd,
  postIdentityDocuments,
  postLegacyLogin,
  postLoanDetails,
  postManualBank,
  postMicroDepositBorrowerConfirmation,
  postMicroTransferConfirmation,
  postOpsApproveIdentity,
  postOpsBanner,
  postOpsCancelApplication,
  postOpsDeclineApplication,
  postOpsRejectIdentity,
  postRates,
  postRefiSelectOffer,
  postRefiSignDocument,
  postRefiStabilization,
  postRequestedOffer,
  postRollForwardOffers,
  postRollForwardRates,
  postRollForwardTopUp,
  postSandboxBankLinkPublicToken,
  postSandboxChainDeposit,
  postSandboxPrices,
  postSandboxClock,
  postSandboxLoan,
  getSandboxWebhooks,
  postSandboxWebhookFailures,
  postOpsWebhookEndpoint,
  postOpsPartnerApiKey,
  postOpsRevealPartnerSecret,
  getOpsWebhookEndpoints,
  getOpsWebhookDeliveries,
  getOpsPartnerApiKeys,
  getOpsPartnerSecrets,
  postOpsWebhookReplay,
  postSelectOffer,
  postSignDocument,
  postStoreLinkError,
  postTelemetryEvent,
  postTelemetrySession,
  postWaitlist,
  postWalletAddress,
  getDisbursement,
  putIdentityAlias,
  getOpsAgents,
  getOpsFailedMail,
  getOpsHealth,
  postOpsRetryMail,
  postOpsApproveHolderName,
  postOpsApproveProposal,
  postOpsDeactivateAgent,
  postOpsProposePayoff,
  postOpsProposeReleaseFunds,
  postOpsRejectHolderName,
  postOpsRejectProposal,
  putOpsBanner,
  putOpsFlag,
  getRefiEstatePayoffs,
  getRefiTapeLoans,
  postConfirmRefiEstatePayoff,
  getRefiCoinReturns,
  postRefiCoinReturn,
  postRefiTapeImport,
  postRefiTapeLoanBorrower,
  postRefiTapePreview,
  getOpsFailedJobs,
  postOpsRetryFailedJob,
  postOpsDiscardFailedJob,
  putProfile,
} as const satisfies Readonly<Record<string, TEndpoint>>;

export type TEndpointName = keyof typeof endpoints;
