import type { TIdType } from '@pledge/domain';

/** How each ID type the upload accepts is named to the borrower. */
export const ID_TYPE_LABELS: Readonly<Record<TIdType, string>> = {
  DRIVERS_LICENSE: 'Driver’s license',
  STATE_ID: 'State ID',
  PASSPORT: 'Passport',
};
