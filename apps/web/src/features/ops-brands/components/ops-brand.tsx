/**
 * One brand in the console (/ops/brands/:orgCode): its draft (opened from the version served when
 * none is), the difference from the version served, the proposal to publish it, and every version
 * with who wrote and approved it, an earlier one restorable the same way (a second agent approves).
 */
import { useState } from 'react';
import type { TBrandVersionSummary, TGetOpsBrandResponse } from '@pledge/contract';
import { Button } from '../../../ui/button/button.js';
import { OpsReasonDialog } from '../../ops/components/ops-confirm-dialog.js';
import { OpsTableSection } from '../../ops/components/ops-facts.js';
import { OpsQueryStatus } from '../../ops/components/ops-query-status.js';
import type { TOpsColumn } from '../../ops/components/ops-table.js';
import { formatDateTime } from '../../ops/format.js';
import { useOpsBrand, useProposeBrandVersion, useSaveBrandDraft } from '../api/ops-brands.js';
import { formOf } from '../brand-form.js';
import { BrandEditor } from './brand-editor.js';
import { BrandPreview } from './brand-preview.js';

function ProposeVersion({
  orgCode,
  version,
  restore,
  onClose,
}: {
  orgCode: string;
  version: number;
  restore: boolean;
  onClose: () => void;
}) {
  const mutation = useProposeBrandVersion(orgCode);
  const verb = restore ? 'Restore' : 'Publish';
  return (
    <OpsReasonDialog
      formId="ops-propose-brand-version"
      title={`${verb} version ${version} of ${orgCode}?`}
      description="Proposed to another agent: once approved, every page of the brand shows this version within a second."
      confirmLabel={`Propose to ${verb.toLowerCase()}`}
      call={mutation}
      argsOf={(reason) => ({ version, reason })}
      onClose={onClose}
    />
  );
}

/** Where a version stands: served, a draft, or published once and when. */
function statusOf(version: TBrandVersionSummary, publishedVersion: number | null): string {
  if (version.version === publishedVersion) return 'Served';
  if (version.status === 'DRAFT') return 'Draft';
  return `Published ${version.publishedAt === null ? '' : formatDateTime(version.publishedAt)}`;
}

function Versions({
  brand,
  onPropose,
}: {
  brand: TGetOpsBrandResponse;
  onPropose: (version: TBrandVersionSummary) => void;
}) {
  const columns: TOpsColumn<TBrandVersionSummary>[] = [
    { header: 'Version', cell: (version) => version.version },
    { header: 'Status', cell: (version) => statusOf(version, brand.publishedVersion) },
    {
      header: 'Written by',
      cellClassName: 'ops-break',
      cell: (version) =>
        `${version.createdByEmail ?? 'Brand file'} · ${formatDateTime(version.updatedAt)}`,
    },
    {
      header: 'Approved by',
      cellClassName: 'ops-break',
      cell: (version) =>
        version.approvedByEmail === null
          ? '—'
          : `${version.approvedByEmail} (proposed by ${version.proposedByEmail ?? '—'})`,
    },
    {
      header: 'Action',
      // The version served has nothing to propose.
      cell: (version) =>
        version.version === brand.publishedVersion ? (
          '—'
        ) : (
          <Button variant="secondary" isFullWidth={false} onClick={() => onPropose(version)}>
            {version.status === 'DRAFT' ? 'Propose publication' : 'Propose restore'}{' '}
            <span className="visually-hidden">of version {version.version}</span>
          </Button>
        ),
    },
  ];
  return (
    <OpsTableSection
      id="brand-versions"
      title="Versions"
      caption="Versions"
      columns={columns}
      items={brand.versions}
      rowKey={(version) => version.version}
      emptyText="No version yet."
    />
  );
}

export function OpsBrand({ orgCode }: { orgCode: string }) {
  const query = useOpsBrand(orgCode);
  const save = useSaveBrandDraft(orgCode);
  const [proposing, setProposing] = useState<TBrandVersionSummary | null>(null);
  const brand = query.data;
  const editing = brand?.draft?.fields ?? brand?.published ?? null;
  return (
    <>
      <OpsQueryStatus
        query={query}
        loadingText="Loading the brand…"
        errorTitle="The brand could not be loaded"
      />
      {brand !== undefined && editing !== null && (
        <>
          <p>
            {brand.publishedVersion === null
              ? 'Not published yet.'
              : `Serving version ${brand.publishedVersion}.`}{' '}
            {brand.draft === null
              ? 'Saving opens a draft.'
              : `Draft: version ${brand.draft.version}.`}
          </p>
          <h2>Draft</h2>
          <BrandEditor
            key={`${brand.draft?.version ?? 'served'}`}
            initial={formOf(editing)}
            isNew={false}
            published={brand.published}
            isPending={save.isPending}
            error={save.error}
            onSave={(draft) => save.mutate(draft)}
          />
          {save.isSuccess && (
            <p role="status">The draft is saved. Propose its publication below.</p>
          )}
          <BrandPreview orgCode={orgCode} />
          <Versions brand={brand} onPropose={setProposing} />
          {proposing !== null && (
            <ProposeVersion
              orgCode={orgCode}
              version={proposing.version}
              restore={proposing.status === 'PUBLISHED'}
              onClose={() => setProposing(null)}
            />
          )}
        </>
      )}
    </>
  );
}
