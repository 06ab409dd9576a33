/**
 * The agent's CSV import of the legacy loan tape. Preview reads and checks the file row by row and
 * says what applying it would change, changing nothing. Import applies it all or nothing: any bad
 * row refuses the file (400, every bad row by line). Idempotent: a file already imported (by its
 * SHA-256) answers its recorded summary; a row identical to the stored one is unchanged. A row of a
 * loan already refinanced, or under refinancing, is not changed (`locked`). Audited.
 */
import { createHash } from 'node:crypto';
import type {
  TPostRefiTapeImportResponse,
  TPostRefiTapePreviewResponse,
  TRefiTapeSummary,
} from '@pledge/contract';
import { isSameTapeRow, parseRefiTape, type TRefiTapeRow } from '@pledge/domain';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { TDb } from '../../db/pool.js';
import {
  applications,
  auditEvents,
  refiApplicationLoans,
  refiTapeImports,
  refiTapeLoans,
} from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import type { TClock } from '../../security/jwt.js';
import { actors } from '../applications/apply-transition.js';
import { coinText } from '../collateral/collateral-record.js';
import { emailOf } from '../identity/identity-email.js';
import { openTapeEmail, tapeEmailValues } from './tape-email.js';

export const REFI_TAPE_ENTITY = 'refi_tape';

export interface TRefiOpsDeps {
  db: TDb;
  cipher: TFieldCipher;
  clock: TClock;
}

type TPlanned = { row: TRefiTapeRow; kind: 'insert' | 'update' | 'unchanged' | 'locked' };

async function plan(
  db: TDb,
  cipher: TFieldCipher,
  rows: readonly TRefiTapeRow[],
): Promise<TPlanned[]> {
  const ids = rows.map((row) => row.loanId);
  const stored =
    ids.length === 0
      ? []
      : await db.select().from(refiTapeLoans).where(inArray(refiTapeLoans.loanId, ids));
  const busy =
    ids.length === 0
      ? []
      : await db
          .select({ loanId: refiApplicationLoans.loanId })
          .from(refiApplicationLoans)
          .innerJoin(applications, eq(applications.uuid, refiApplicationLoans.applicationUuid))
          .where(
            and(inArray(refiApplicationLoans.loanId, ids), ne(applications.state, 'CANCELLED')),
          );
  const busyIds = new Set(busy.map((row) => row.loanId));
  const byId = new Map(stored.map((row) => [row.loanId, row]));
  return rows.map((row) => {
    const existing = byId.get(row.loanId);
    if (existing === undefined) return { row, kind: 'insert' };
    const same = isSameTapeRow(row, {
      loanId: existing.loanId,
      borrowerEmail: openTapeEmail(cipher, existing),
      collateralType: existing.collateralType,
      collateralQuantity: coinText(existing.collateralQuantity),
      principalCents: existing.principalCents,
      jurisdiction: existing.jurisdiction,
      passportOnFile: existing.passportOnFile,
      custodyArrangement: existing.custodyArrangement,
    });
    if (same) {
      return { row, kind: 'unchanged' };
    }
    if (
      existing.source === 'SANDBOX' ||
      existing.status === 'REFINANCED' ||
      busyIds.has(row.loanId)
    ) {
      return { row, kind: 'locked' };
    }
    return { row, kind: 'update' };
  });
}

function summaryOf(fileSha256: string, planned: readonly TPlanned[]): TRefiTapeSummary {
  const count = (kind: TPlanned['kind']) => planned.filter((entry) => entry.kind === kind).length;
  return {
    fileSha256,
    rowCount: planned.length,
    inserted: count('insert'),
    updated: count('update'),
    unchanged: count('unchanged'),
    locked: count('locked'),
  };
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

function normalized(rows: readonly TRefiTapeRow[]): TRefiTapeRow[] {
  return rows.map((row) => ({ ...row, collateralQuantity: coinText(row.collateralQuantity) }));
}

export async function previewRefiTape(
  deps: TRefiOpsDeps,
  input: { csv: string },
): Promise<TPostRefiTapePreviewResponse> {
  const parsed = parseRefiTape(input.csv);
  const planned =
    parsed.errors.length > 0 ? [] : await plan(deps.db, deps.cipher, normalized(parsed.rows));
  return { errors: parsed.errors, summary: summaryOf(sha256(input.csv), planned) };
}

/** 400 REFI_TAPE_INVALID with every bad row by line; answers the parsed tape otherwise. */
export function assertTapeValid(csv: string): ReturnType<typeof parseRefiTape> {
  const parsed = parseRefiTape(csv);
  if (parsed.errors.length > 0) {
    const fieldErrors: Record<string, string[]> = {};
    for (const error of parsed.errors) {
      const key = `line.${error.line}`;
      (fieldErrors[key] ??= []).push(
        error.column === null ? error.message : `${error.column}: ${error.message}`,
      );
    }
    throw new HttpError(
      400,
      'REFI_TAPE_INVALID',
      `The tape has ${parsed.errors.length} error(s); nothing was imported`,
      fieldErrors,
    );
  }
  return parsed;
}

/**
 * Applies a tape (the approval of a TAPE_IMPORT controlled action: the proposal's dry run and its
 * approval both run this, in their transaction).
 */
export async function importRefiTape(
  deps: TRefiOpsDeps,
  input: { csv: string; agentUuid: string },
): Promise<TPostRefiTapeImportResponse> {
  const fileSha256 = sha256(input.csv);
  const parsed = assertTapeValid(input.csv);
  const rows = normalized(parsed.rows);
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    // One import at a time: a file is applied against the tape as the previous import left it.
    await tx.execute(`SELECT pg_advisory_xact_lock(hashtext('refi_tape_import'))`);
    const [done] = await tx
      .select()
      .from(refiTapeImports)
      .where(eq(refiTapeImports.fileSha256, fileSha256));
    if (done !== undefined) {
      return {
        summary: {
          fileSha256,
          rowCount: done.rowCount,
          inserted: done.inserted,
          updated: done.updated,
          unchanged: done.unchanged,
          locked: done.locked,
        },
        alreadyImported: true,
      };
    }
    const agentEmail = await emailOf(tx, deps.cipher, input.agentUuid);
    if (agentEmail === undefined) throw new HttpError(401, 'UNAUTHENTICATED', 'Sign in again.');
    const planned = await plan(tx, deps.cipher, rows);
    for (const { row, kind } of planned) {
      const values = {
        ...tapeEmailValues(deps.cipher, row.loanId, row.borrowerEmail),
        collateralType: row.collateralType,
        collateralQuantity: row.collateralQuantity,
        principalCents: row.principalCents,
        jurisdiction: row.jurisdiction,
        passportOnFile: row.passportOnFile,
        custodyArrangement: row.custodyArrangement,
        importSha256: fileSha256,
        updatedAt: now,
      };
      if (kind === 'insert') {
        await tx.insert(refiTapeLoans).values({
          loanId: row.loanId,
          source: 'IMPORT',
          status: 'OPEN',
          createdAt: now,
          ...values,
        });
      } else if (kind === 'update') {
        await tx.update(refiTapeLoans).set(values).where(eq(refiTapeLoans.loanId, row.loanId));
      }
    }
    const summary = summaryOf(fileSha256, planned);
    await tx.insert(refiTapeImports).values({
      fileSha256,
      importedBy: input.agentUuid,
      importedByEmail: agentEmail,
      rowCount: summary.rowCount,
      inserted: summary.inserted,
      updated: summary.updated,
      unchanged: summary.unchanged,
      locked: summary.locked,
      importedAt: now,
    });
    await tx.insert(auditEvents).values({
      entityType: REFI_TAPE_ENTITY,
      entityId: fileSha256,
      actor: actors.agent(agentEmail),
      fromState: null,
      toState: 'IMPORTED',
      reason: `tape imported: ${summary.inserted} new, ${summary.updated} updated, ${summary.unchanged} unchanged, ${summary.locked} locked`,
      at: now,
    });
    return { summary, alreadyImported: false };
  });
}
