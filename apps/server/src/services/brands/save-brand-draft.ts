/**
 * Creating a brand and writing its draft. A draft is checked whole when saved (the domain's rules:
 * contrast with its ratio, licences per served state, hosts; and the database's: hosts of other
 * brands, an org code never used before) and refused with every problem, unsaved. One draft per
 * brand is open at a time; saving again replaces it. Audited with the agent.
 */
import type { TBrandDraft, TGetOpsBrandResponse } from '@pledge/contract';
import { and, eq, max, sql } from 'drizzle-orm';
import { ZBrandDefinition } from '../../brands/brand-data.js';
import type { TDb } from '../../db/pool.js';
import { brands, brandVersions, opsProposals } from '../../db/schema/index.js';
import { HttpError } from '../../http/errors.js';
import type { TFieldCipher } from '../../security/field-encryption.js';
import { actingAgent } from '../controls/checker-rules.js';
import { auditBrand, changedBrandFields } from './brand-audit.js';
import { assertBrandVersionValid, definitionOfDraft } from './brand-checks.js';
import { readBrandView } from './brand-view.js';
import { BRAND_NOT_FOUND } from './publish-brand-version.js';

export interface TBrandDeps {
  db: TDb;
  cipher: TFieldCipher;
}

export const ORG_CODE_FIXED = 'A brand keeps its organisation code: create a new brand instead.';
export const DRAFT_PROPOSED =
  'A publication of this brand is waiting for a second agent: it is approved as proposed, so reject or withdraw it before changing the draft.';

async function nextVersion(tx: TDb, orgCode: string): Promise<number> {
  const [latest] = await tx
    .select({ version: max(brandVersions.version) })
    .from(brandVersions)
    .where(eq(brandVersions.orgCode, orgCode));
  return (latest?.version ?? 0) + 1;
}

export async function createBrand(
  deps: TBrandDeps,
  input: { agentUuid: string; draft: TBrandDraft },
): Promise<TGetOpsBrandResponse> {
  await deps.db.transaction(async (tx) => {
    const agent = await actingAgent(tx, deps.cipher, input.agentUuid);
    // Two creations of one code are taken one after the other: the second finds it used.
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(hashtext(${`brand:${input.draft.orgCode}`}))`,
    );
    const definition = definitionOfDraft(input.draft, null);
    await assertBrandVersionValid(tx, definition, { newBrand: true });
    await tx.insert(brands).values({ orgCode: definition.orgCode, createdBy: agent.identityUuid });
    await tx.insert(brandVersions).values({
      orgCode: definition.orgCode,
      version: 1,
      status: 'DRAFT',
      definition: definition as unknown as Record<string, unknown>,
      basedOn: null,
      createdBy: agent.identityUuid,
      createdByEmail: agent.email,
    });
    await auditBrand(tx, {
      orgCode: definition.orgCode,
      agentUuid: agent.identityUuid,
      from: null,
      to: 'DRAFT 1',
      reason: `created by ${agent.email}`,
    });
  });
  return readBrandView(deps.db, input.draft.orgCode);
}

export async function saveBrandDraft(
  deps: TBrandDeps,
  input: { agentUuid: string; orgCode: string; draft: TBrandDraft },
): Promise<TGetOpsBrandResponse> {
  if (input.draft.orgCode !== input.orgCode) {
    throw new HttpError(400, 'VALIDATION_ERROR', ORG_CODE_FIXED, { orgCode: [ORG_CODE_FIXED] });
  }
  await deps.db.transaction(async (tx) => {
    const agent = await actingAgent(tx, deps.cipher, input.agentUuid);
    const [brand] = await tx
      .select()
      .from(brands)
      .where(eq(brands.orgCode, input.orgCode))
      .for('update');
    if (brand === undefined) throw new HttpError(404, 'BRAND_NOT_FOUND', BRAND_NOT_FOUND);
    // What a second agent approves is what was proposed: the draft is frozen while one waits.
    const [pending] = await tx
      .select({ id: opsProposals.id })
      .from(opsProposals)
      .where(
        and(
          eq(opsProposals.kind, 'PUBLISH_BRAND'),
          eq(opsProposals.subjectId, input.orgCode),
          eq(opsProposals.status, 'PENDING'),
        ),
      );
    if (pending !== undefined) throw new HttpError(409, 'PROPOSAL_PENDING', DRAFT_PROPOSED);
    const [draft] = await tx
      .select()
      .from(brandVersions)
      .where(and(eq(brandVersions.orgCode, input.orgCode), eq(brandVersions.status, 'DRAFT')));
    // The draft keeps what the console does not edit from the version it was written from.
    const baseVersion = draft?.version ?? brand.publishedVersion;
    const [baseRow] =
      baseVersion === null
        ? []
        : await tx
            .select({ definition: brandVersions.definition })
            .from(brandVersions)
            .where(
              and(eq(brandVersions.orgCode, input.orgCode), eq(brandVersions.version, baseVersion)),
            );
    const base = baseRow === undefined ? null : ZBrandDefinition.parse(baseRow.definition);
    const definition = definitionOfDraft(input.draft, base);
    await assertBrandVersionValid(tx, definition, { newBrand: false });
    const stored = definition as unknown as Record<string, unknown>;
    const changed = changedBrandFields(draft?.definition ?? baseRow?.definition ?? null, stored);
    const version = draft?.version ?? (await nextVersion(tx, input.orgCode));
    await auditBrand(tx, {
      orgCode: input.orgCode,
      agentUuid: agent.identityUuid,
      from: draft === undefined ? null : `DRAFT ${draft.version}`,
      to: `DRAFT ${version}`,
      reason: `${agent.email} changed ${changed.length === 0 ? 'nothing' : changed.join(', ')}`,
    });
    if (draft !== undefined) {
      await tx
        .update(brandVersions)
        .set({
          definition: stored,
          createdBy: agent.identityUuid,
          createdByEmail: agent.email,
          updatedAt: new Date(),
        })
        .where(
          and(eq(brandVersions.orgCode, input.orgCode), eq(brandVersions.version, draft.version)),
        );
      return;
    }
    await tx.insert(brandVersions).values({
      orgCode: input.orgCode,
      version,
      status: 'DRAFT',
      definition: stored,
      basedOn: brand.publishedVersion,
      createdBy: agent.identityUuid,
      createdByEmail: agent.email,
    });
  });
  return readBrandView(deps.db, input.orgCode);
}
