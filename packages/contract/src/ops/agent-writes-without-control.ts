/**
 * The agent routes that write but move no money, change no amount owed and no owner: each with the
 * reason it needs no second agent. Every other agent route that writes names its controlled action
 * (`control` in its definition); the contract's test walks every endpoint against both.
 */
export const AGENT_WRITES_WITHOUT_CONTROL: Readonly<Record<string, string>> = {
  postAgentLogout: 'Ends the caller’s own session.',
  postOpsApproveIdentity:
    'Marks an ID as checked; funds still need a release approved by two agents, and never on the agent’s own application.',
  postOpsRejectIdentity: 'Asks the borrower for another ID; nothing is paid or owned.',
  postOpsApproveHolderName:
    'Clears a payout name for review; the money moves only through the two-agent release.',
  postOpsRejectHolderName: 'Blocks a payout account; it moves nothing.',
  postOpsCancelApplication: 'Ends an application before funding: no money has moved.',
  postOpsDeclineApplication: 'Declines an application before funding: no money has moved.',
  postOpsBanner: 'Site banner text.',
  putOpsBanner: 'Site banner text.',
  deleteOpsBanner: 'Site banner text.',
  putOpsFlag: 'A feature flag of the web app.',
  postOpsRetryMail: 'Sends a failed e-mail again.',
  postRefiTapePreview: 'Checks a tape and changes nothing.',
  postOpsRetryFailedJob:
    'Runs a background job again: the job applies its own rules and checks as on its first attempt.',
  postOpsBrand: 'Creates a brand as a draft: nothing is served until a second agent approves it.',
  postOpsBrandPreview:
    'Issues a short-lived token to view a draft on the real pages; changes nothing.',
  postOpsBrandAsset:
    'Stores an image for a brand draft; nothing is served until a second agent approves the draft.',
  putOpsBrandDraft: 'Saves a brand draft: nothing is served until a second agent approves it.',
  postOpsRevealPartnerSecret:
    'Shows an approved endpoint’s or key’s secret once to the agent who proposed it; it creates nothing.',
  postOpsWebhookReplay:
    'Sends events already delivered to an approved endpoint of the same brand again; it moves nothing.',
  postOpsDiscardFailedJob:
    'Ends a failed background job; kinds that move money or change who owns what are refused.',
};
