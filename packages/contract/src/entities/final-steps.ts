import { z } from 'zod/mini';
import { FINAL_STEP_NAMES, FINAL_STEP_STATUSES } from '@pledge/domain';

export const ZFinalStep = z.object({
  name: z.enum(FINAL_STEP_NAMES),
  status: z.enum(FINAL_STEP_STATUSES),
});
export type TFinalStep = z.infer<typeof ZFinalStep>;

/** Final steps (document 1 §3): the checklist items plus the overall status. */
export const ZFinalSteps = z.object({
  items: z.array(ZFinalStep),
  status: z.enum(FINAL_STEP_STATUSES),
});
export type TFinalSteps = z.infer<typeof ZFinalSteps>;
