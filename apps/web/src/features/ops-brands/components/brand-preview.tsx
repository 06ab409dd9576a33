/**
 * The draft on the brand's real pages (the offer, residency and FAQ pages with their footer), as a
 * borrower would see them at 375 and 1,280 px: frames of the pages themselves, served in the draft
 * through a short-lived token only an agent obtains (not a mock-up).
 */
import { useId, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { postOpsBrandPreview } from '@pledge/contract';
import { apiRequest } from '../../../api/client.js';
import { paths } from '../../../config/paths.js';
import { Alert } from '../../../ui/alert/alert.js';
import { Button } from '../../../ui/button/button.js';

const PAGES = [
  { name: 'Offer', href: `${paths.start.path}?state=CA` },
  { name: 'Residency', href: paths.residency.path },
  { name: 'FAQ', href: paths.faq.path },
] as const;
const WIDTHS = [375, 1280] as const;

export function previewUrl(pageHref: string, token: string): string {
  const joiner = pageHref.includes('?') ? '&' : '?';
  return `${pageHref}${joiner}brandPreview=${encodeURIComponent(token)}`;
}

export function BrandPreview({ orgCode }: { orgCode: string }) {
  const selectId = useId();
  const [page, setPage] = useState<(typeof PAGES)[number]['name']>('Offer');
  const preview = useMutation({
    mutationFn: () => apiRequest(postOpsBrandPreview, { params: { orgCode } }),
  });
  const shown = PAGES.find((candidate) => candidate.name === page) ?? PAGES[0];
  return (
    <section className="ops-brand-preview-section" aria-labelledby={`${selectId}-heading`}>
      <h2 id={`${selectId}-heading`}>Preview</h2>
      <p>The brand’s own pages, in the draft (or the version served when there is no draft).</p>
      <div className="field">
        <label className="field__label" htmlFor={selectId}>
          Page
        </label>
        <select
          id={selectId}
          className="input"
          value={page}
          onChange={(event) => setPage(event.target.value as typeof page)}
        >
          {PAGES.map((candidate) => (
            <option key={candidate.name} value={candidate.name}>
              {candidate.name}
            </option>
          ))}
        </select>
      </div>
      <Button isFullWidth={false} isLoading={preview.isPending} onClick={() => preview.mutate()}>
        {preview.data === undefined ? 'Show the preview' : 'Refresh the preview'}
      </Button>
      {preview.error !== null && (
        <Alert variant="error" title="The preview could not be opened" isLive>
          {preview.error.message}
        </Alert>
      )}
      {preview.data !== undefined && (
        <div className="ops-brand-preview">
          <p role="status">
            Version {preview.data.version}, {shown.name} page.
          </p>
          {WIDTHS.map((width) => (
            <div className="ops-brand-preview__frame" key={width}>
              <h3>{width} px</h3>
              <div
                className="ops-brand-preview__scroll"
                role="region"
                aria-label={`${shown.name} page at ${width} px`}
                // Scrolls sideways when wider than the console: focusable, so a keyboard can.
                // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
                tabIndex={0}
              >
                <iframe
                  title={`${shown.name} page in version ${preview.data.version}, ${width} px wide`}
                  src={previewUrl(shown.href, preview.data.token)}
                  width={width}
                  height={720}
                />
              </div>
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
