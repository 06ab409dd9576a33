/**
 * A brand's draft in the console: every field the pages and the footer show, the rules checked as
 * the agent types (contrast with its ratio, a licence per served state, hosts), the difference
 * from the version served, and saving. The server checks the same rules again and refuses the
 * draft whole, naming the fields.
 */
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { HOUSING_LOGOS, type TBrandDraft, type TGetOpsBrandResponse } from '@pledge/contract';
import { BRAND_BOUNDS, BRAND_MIN_CONTRAST } from '@pledge/domain';
import { Alert } from '../../../ui/alert/alert.js';
import { Button } from '../../../ui/button/button.js';
import { Checkbox } from '../../../ui/checkbox/checkbox.js';
import { FieldDescription, FieldLabel } from '../../../ui/field/field-parts.js';
import { TextField } from '../../../ui/text-field/text-field.js';
import { OpsTable, type TOpsColumn } from '../../ops/components/ops-table.js';
import { useUploadBrandImage } from '../api/upload-brand-image.js';
import {
  changesOf,
  draftOf,
  draftProblems,
  type TBrandForm,
  type TFieldChange,
} from '../brand-form.js';

const COLOR_LABELS: Record<keyof TBrandDraft['colors'], string> = {
  primary: 'Primary (buttons, links)',
  primaryContrast: 'Text on primary',
  accent: 'Accent',
  background: 'Page background',
  surface: 'Card background',
  text: 'Text',
  muted: 'Secondary text',
};

/** A labelled control with its hint under the label (the control names the hint it is described by). */
function HintedField({
  id,
  label,
  hint,
  children,
}: {
  id: string;
  label: string;
  hint: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="field">
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <FieldDescription id={`${id}-hint`}>{hint}</FieldDescription>
      {children}
    </div>
  );
}

function TextArea({
  label,
  description,
  value,
  maxLength,
  onChange,
}: {
  label: string;
  description: string;
  value: string;
  maxLength: number;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <HintedField id={id} label={label} hint={description}>
      <textarea
        id={id}
        className="input"
        rows={3}
        maxLength={maxLength}
        aria-describedby={`${id}-hint`}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </HintedField>
  );
}

/** Uploads a logo or favicon (re-encoded as PNG by the server) and puts its address in the field. */
function ImageUpload({
  orgCode,
  kind,
  label,
  onUploaded,
}: {
  orgCode: string;
  kind: 'LOGO' | 'FAVICON';
  label: string;
  onUploaded: (url: string) => void;
}) {
  const id = useId();
  const upload = useUploadBrandImage();
  return (
    <HintedField
      id={id}
      label={label}
      hint="PNG, JPEG or WebP, at most 512 KB; stored as PNG. SVG is refused."
    >
      <input
        id={id}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file !== undefined) {
            upload.mutate(
              { orgCode, kind, file },
              { onSuccess: (stored) => onUploaded(stored.url) },
            );
          }
        }}
      />
      {upload.isPending && <p role="status">Uploading…</p>}
      {upload.isSuccess && <p role="status">Uploaded: the field below now names it.</p>}
      {upload.error !== null && (
        <p className="field__error" role="alert">
          {upload.error.message}
        </p>
      )}
    </HintedField>
  );
}

function Fieldset({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="ops-brand-editor__group">
      <legend>{legend}</legend>
      {children}
    </fieldset>
  );
}

const CHANGE_COLUMNS: readonly TOpsColumn<TFieldChange>[] = [
  { header: 'Field', cell: (change) => change.field },
  { header: 'Served', cellClassName: 'ops-break', cell: (change) => change.published },
  { header: 'Draft', cellClassName: 'ops-break', cell: (change) => change.draft },
];

export function BrandChanges({
  published,
  draft,
}: {
  published: TBrandDraft | null;
  draft: TBrandDraft;
}) {
  const changes = changesOf(published, draft);
  if (changes.length === 0) return <p>The draft is the same as the version served.</p>;
  return (
    <>
      <h3>Changes from the version served</h3>
      <OpsTable
        caption="Changes from the version served"
        columns={CHANGE_COLUMNS}
        items={changes}
        rowKey={(change) => change.field}
        emptyText="The draft is the same as the version served."
      />
    </>
  );
}

export function BrandEditor({
  initial,
  isNew,
  published,
  isPending,
  error,
  onSave,
}: {
  initial: TBrandForm;
  isNew: boolean;
  published: TGetOpsBrandResponse['published'];
  isPending: boolean;
  error: Error | null;
  onSave: (draft: TBrandDraft) => void;
}) {
  const [form, setForm] = useState(initial);
  const [showProblems, setShowProblems] = useState(false);
  const draft = draftOf(form);
  const problems = draftProblems(draft);
  const set = <K extends keyof TBrandForm>(key: K, value: TBrandForm[K]) =>
    setForm((current) => ({ ...current, [key]: value }));
  const text = (key: keyof TBrandForm & string, label: string, maxLength: number, extra = {}) => (
    <TextField
      label={label}
      maxLength={maxLength}
      value={String(form[key])}
      onChange={(event) => set(key, event.target.value as never)}
      {...extra}
    />
  );

  // An image's link, and (once the brand exists, so that the file has a place) its upload.
  const image = (
    kind: 'LOGO' | 'FAVICON',
    key: 'logoUrl' | 'faviconUrl',
    label: string,
    uploadLabel: string,
  ) => (
    <>
      {!isNew && (
        <ImageUpload
          orgCode={form.orgCode}
          kind={kind}
          label={uploadLabel}
          onUploaded={(url) => set(key, url)}
        />
      )}
      {text(key, label, BRAND_BOUNDS.url)}
    </>
  );

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setShowProblems(true);
    if (problems.length > 0) return;
    onSave(draft);
  }

  return (
    <form className="ops-brand-editor" onSubmit={onSubmit} noValidate>
      <Fieldset legend="Names and contact">
        {text('orgCode', 'Organisation code', 63, {
          isReadOnly: !isNew,
          description: 'Lower case letters, digits and dashes; never changed nor reused.',
        })}
        {text('companyName', 'Company name', BRAND_BOUNDS.name)}
        {text('legalName', 'Legal name', BRAND_BOUNDS.name)}
        {text('supportEmail', 'Support e-mail', BRAND_BOUNDS.email, { type: 'email' })}
        {text('supportPhone', 'Support phone', BRAND_BOUNDS.phone, { type: 'tel' })}
        {text('nmlsNumber', 'NMLS number', BRAND_BOUNDS.nmls, { inputMode: 'numeric' })}
      </Fieldset>
      <Fieldset legend="Colours">
        <p>Text must reach {BRAND_MIN_CONTRAST}:1 on the colours it is shown on (WCAG AA).</p>
        {(Object.keys(COLOR_LABELS) as (keyof TBrandDraft['colors'])[]).map((name) => (
          <div className="ops-brand-editor__color" key={name}>
            <span
              className="ops-brand-editor__swatch"
              aria-hidden="true"
              style={{ background: form.colors[name] }}
            />
            <TextField
              label={`${COLOR_LABELS[name]} (hex)`}
              maxLength={9}
              value={form.colors[name]}
              onChange={(event) =>
                set('colors', { ...form.colors, [name]: event.target.value.trim() })
              }
            />
          </div>
        ))}
      </Fieldset>
      <Fieldset legend="Links and images">
        {text('termsUrl', 'Terms of use link', BRAND_BOUNDS.url)}
        {text('privacyUrl', 'Privacy link', BRAND_BOUNDS.url)}
        {text('licensesUrl', 'Licences page link', BRAND_BOUNDS.url)}
        {image('LOGO', 'logoUrl', 'Logo', 'Upload a logo')}
        {image('FAVICON', 'faviconUrl', 'Favicon (optional)', 'Upload a favicon')}
        {text('iosUrl', 'iOS app link (optional)', BRAND_BOUNDS.url)}
        {text('androidUrl', 'Android app link (optional)', BRAND_BOUNDS.url)}
      </Fieldset>
      <Fieldset legend="Licences and footer">
        {text('servedStates', 'States served', 200, {
          description: 'Two-letter codes separated by spaces, such as "CA NY".',
        })}
        <TextArea
          label="State licences"
          description='One a line: the state, then the licence number ("CA CFL 60DBO-1234").'
          maxLength={51 * (BRAND_BOUNDS.licenceNumber + 4)}
          value={form.stateLicences}
          onChange={(value) => set('stateLicences', value)}
        />
        <TextArea
          label="Footer paragraphs"
          description={`One paragraph a line, at most ${BRAND_BOUNDS.footerTexts}.`}
          maxLength={BRAND_BOUNDS.footerTexts * (BRAND_BOUNDS.text + 1)}
          value={form.footerTexts}
          onChange={(value) => set('footerTexts', value)}
        />
        <div className="field">
          <label className="field__label" htmlFor="ops-brand-housing">
            Fair-lending logo
          </label>
          <select
            id="ops-brand-housing"
            className="input"
            value={form.housingLogo}
            onChange={(event) =>
              set('housingLogo', event.target.value as TBrandForm['housingLogo'])
            }
          >
            {HOUSING_LOGOS.map((logo) => (
              <option key={logo} value={logo}>
                {logo.replaceAll('_', ' ').toLowerCase()}
              </option>
            ))}
          </select>
        </div>
      </Fieldset>
      <Fieldset legend="Hosts and flags">
        <TextArea
          label="Host names"
          description="One a line, without https:// or a port; each serves one brand."
          maxLength={BRAND_BOUNDS.hosts * (BRAND_BOUNDS.host + 1)}
          value={form.hosts}
          onChange={(value) => set('hosts', value)}
        />
        <Checkbox
          label="International borrowers"
          checked={form.internationalEnabled}
          onChange={(event) => set('internationalEnabled', event.target.checked)}
        />
        <Checkbox
          label="Wholesale partner"
          checked={form.flags.wholesale}
          onChange={(event) => set('flags', { ...form.flags, wholesale: event.target.checked })}
        />
        <Checkbox
          label="Markets credit"
          checked={form.flags.marketsCredit}
          onChange={(event) => set('flags', { ...form.flags, marketsCredit: event.target.checked })}
        />
        <Checkbox
          label="General flow"
          checked={form.flags.general}
          onChange={(event) => set('flags', { ...form.flags, general: event.target.checked })}
        />
      </Fieldset>
      {(showProblems || problems.some((problem) => problem.field.startsWith('colors'))) &&
        problems.length > 0 && (
          <Alert variant="error" title="The draft cannot be saved yet" isLive>
            <ul>
              {problems.map((problem) => (
                <li key={`${problem.field}:${problem.message}`}>{problem.message}</li>
              ))}
            </ul>
          </Alert>
        )}
      {error !== null && (
        <Alert variant="error" title="The draft was not saved" isLive>
          {error.message}
        </Alert>
      )}
      {!isNew && <BrandChanges published={published} draft={draft} />}
      <Button type="submit" isFullWidth={false} isLoading={isPending}>
        {isNew ? 'Create the brand as a draft' : 'Save the draft'}
      </Button>
    </form>
  );
}
