import { z } from 'zod/mini';
import { BANK_LINK_STATUSES } from '@pledge/domain';

/** Whether a linked account belongs to a person or a business; only personal accounts qualify. */
export const BANK_ACCOUNT_HOLDER_CATEGORIES = ['PERSONAL', 'BUSINESS'] as const;
export type TBankAccountHolderCategory = (typeof BANK_ACCOUNT_HOLDER_CATEGORIES)[number];

export const ZBankInstitution = z.object({
  institutionId: z.string().check(z.minLength(1), z.maxLength(128)),
  name: z.string().check(z.minLength(1), z.maxLength(200)),
});
export type TBankInstitution = z.infer<typeof ZBankInstitution>;

export const ZBankLinkAccount = z.object({
  /** The achAccountId a disbursement account is chosen by. */
  id: z.string().check(z.minLength(1)),
  name: z.string().check(z.minLength(1)),
  officialName: z.nullable(z.string()),
  /** The bank's account subtype in lower case (`checking`, `savings`). */
  accountType: z.string().check(z.minLength(1)),
  /** Last digits of the account number only. */
  accountNumberMask: z.string().check(z.regex(/^\d{2,4}$/)),
  holderCategory: z.enum(BANK_ACCOUNT_HOLDER_CATEGORIES),
});
export type TBankLinkAccount = z.infer<typeof ZBankLinkAccount>;

/** Bank link item (document 1 §3): one linked institution and its accounts. */
export const ZBankLinkItem = z.object({
  itemId: z.string().check(z.minLength(1)),
  institution: ZBankInstitution,
  status: z.enum(BANK_LINK_STATUSES),
  accounts: z.array(ZBankLinkAccount),
});
export type TBankLinkItem = z.infer<typeof ZBankLinkItem>;
