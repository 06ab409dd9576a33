/**
 * The brands of the deployment (console /ops/brands): each with the version it serves and its open
 * draft, and a new brand written as a draft. Nothing is served before a second agent approves it.
 */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { TOpsBrandRow } from '@pledge/contract';
import { paths } from '../../../config/paths.js';
import { Button } from '../../../ui/button/button.js';
import { OpsList } from '../../ops/components/ops-list.js';
import type { TOpsColumn } from '../../ops/components/ops-table.js';
import { useCreateBrand, useOpsBrands } from '../api/ops-brands.js';
import { NEW_BRAND_FORM } from '../brand-form.js';
import { BrandEditor } from './brand-editor.js';

const columns: readonly TOpsColumn<TOpsBrandRow>[] = [
  {
    header: 'Brand',
    cell: (brand) => (
      <Link to={paths.opsBrand.getHref(brand.orgCode)}>
        {brand.companyName} <span className="ops-muted">({brand.orgCode})</span>
      </Link>
    ),
  },
  {
    header: 'Served version',
    cell: (brand) => (brand.publishedVersion === null ? 'Not published' : brand.publishedVersion),
  },
  { header: 'Draft', cell: (brand) => (brand.draftVersion === null ? '—' : brand.draftVersion) },
  { header: 'Hosts', cellClassName: 'ops-break', cell: (brand) => brand.hosts.join(', ') || '—' },
];

function NewBrand() {
  const create = useCreateBrand();
  const navigate = useNavigate();
  return (
    <section aria-labelledby="ops-new-brand">
      <h2 id="ops-new-brand">New brand</h2>
      <BrandEditor
        initial={NEW_BRAND_FORM}
        isNew
        published={null}
        isPending={create.isPending}
        error={create.error}
        onSave={(draft) =>
          create.mutate(draft, {
            onSuccess: (brand) => void navigate(paths.opsBrand.getHref(brand.orgCode)),
          })
        }
      />
    </section>
  );
}

export function OpsBrands() {
  const query = useOpsBrands();
  const [creating, setCreating] = useState(false);
  return (
    <>
      <OpsList
        query={query}
        loadingText="Loading the brands…"
        errorTitle="The brands could not be loaded"
        items={query.data?.brands}
        caption="Brands"
        columns={columns}
        rowKey={(brand) => brand.orgCode}
        emptyText="No brand yet."
      />
      {creating ? (
        <NewBrand />
      ) : (
        <Button isFullWidth={false} onClick={() => setCreating(true)}>
          New brand
        </Button>
      )}
    </>
  );
}
