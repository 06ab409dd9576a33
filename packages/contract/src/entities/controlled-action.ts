import { z } from 'zod/mini';
import {
  CONTROLLED_ACTION_KINDS,
  CONTROLLED_ACTION_STATUSES,
  CONTROLLED_SUBJECTS,
} from '@pledge/domain';
import { ZIsoDateTime } from '../wire.js';
import { ZOpsAgentRef, ZOpsDecision } from './ops-application.js';

/**
 * A controlled action (packages/domain controlled-actions.ts) as proposed by one agent: what it
 * will do, in words and figures, and where it stands. Nothing it names has happened until a
 * different agent approves it (status APPROVED, with the outcome).
 */
export const ZControlledAction = z.object({
  id: z.uuid(),
  action: z.enum(CONTROLLED_ACTION_KINDS),
  label: z.string(),
  status: z.enum(CONTROLLED_ACTION_STATUSES),
  subject: z.object({ type: z.enum(CONTROLLED_SUBJECTS), id: z.string() }),
  /** The loan it concerns (its application uuid), if any. */
  loanUuid: z.nullable(z.uuid()),
  amountCents: z.nullable(z.int()),
  /** What approval will do, in one line: "Wire of 1,234.00 USD received 2026-11-28, ref FED-1". */
  summary: z.string(),
  proposedBy: ZOpsAgentRef,
  proposedAt: ZIsoDateTime,
  ...ZOpsDecision.shape,
  /** What approval did, in words. */
  outcome: z.nullable(z.string()),
});
export type TControlledAction = z.infer<typeof ZControlledAction>;
