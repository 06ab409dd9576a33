/**
 * The legacy loan tape's import: a CSV file picked or pasted, checked row by row (every bad row with
 * its line number, nothing applied), then proposed, and applied all or nothing once a second agent
 * approves.
 */
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import type { TRefiTapeRowError, TRefiTapeSummary } from '@pledge/contract';
import { formatWholeNumber, REFI_TAPE_COLUMNS, REFI_TAPE_MAX_CHARS } from '@pledge/domain';
import { isApiError } from '../../../api/client.js';
import { Alert } from '../../../ui/alert/alert.js';
import { Button } from '../../../ui/button/button.js';
import { useRefiTapeImport, useRefiTapePreview } from '../api/refi-ops.js';
import { OpsConfirmDialog, OpsProposedNotice } from './ops-confirm-dialog.js';
import { OpsTable, type TOpsColumn } from './ops-table.js';

const ERROR_COLUMNS: readonly TOpsColumn<TRefiTapeRowError>[] = [
  { header: 'Line', cell: (error) => error.line },
  { header: 'Column', cell: (error) => error.column ?? '—' },
  { header: 'Problem', cellClassName: 'ops-break', cell: (error) => error.message },
];

/** "12 rows: 3 new, 2 updated, 7 unchanged" (and the locked ones, when any). */
export function tapeSummaryText(summary: TRefiTapeSummary): string {
  const parts = [
    `${summary.inserted} new`,
    `${summary.updated} updated`,
    `${summary.unchanged} unchanged`,
    ...(summary.locked > 0 ? [`${summary.locked} locked by a refinancing`] : []),
  ];
  return `${summary.rowCount} ${summary.rowCount === 1 ? 'row' : 'rows'}: ${parts.join(', ')}`;
}

/** The row errors an import refused with (fieldErrors keyed `line.<n>`), as preview errors. */
export function importRowErrors(error: unknown): TRefiTapeRowError[] {
  if (!isApiError(error)) return [];
  return Object.entries(error.apiError?.fieldErrors ?? {}).flatMap(([key, messages]) => {
    const line = /^line\.(\d+)$/.exec(key)?.[1];
    return line === undefined
      ? []
      : messages.map((message) => ({ line: Number(line), column: null, message }));
  });
}

function RowErrors({ errors }: { errors: readonly TRefiTapeRowError[] }) {
  return (
    <OpsTable
      caption="Rows with problems"
      columns={ERROR_COLUMNS}
      emptyText="No problems."
      items={errors}
      rowKey={(error, index) => `${error.line}-${error.column ?? ''}-${index}`}
    />
  );
}

/** Why an empty tape cannot be checked: the file chosen had nothing in it, or nothing was given. */
export function emptyTapeMessage(fileName: string | null): string {
  return fileName === null
    ? 'Choose a tape file or paste the CSV first.'
    : `${fileName} is empty. Choose the tape file again, or paste the CSV.`;
}

export function RefiTapeImport() {
  const fieldId = useId();
  const [csv, setCsv] = useState('');
  const [fileName, setFileName] = useState<string | null>(null);
  const [checkedCsv, setCheckedCsv] = useState<string | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  const [emptyError, setEmptyError] = useState<string | null>(null);
  const preview = useRefiTapePreview();
  const apply = useRefiTapeImport();

  const result = checkedCsv === csv ? preview.data : undefined;
  const canApply =
    result !== undefined && result.errors.length === 0 && result.summary.rowCount > 0;

  function onText(text: string) {
    setCsv(text);
    setEmptyError(null);
    apply.reset();
  }

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (file === undefined) return;
    setFileName(file.name);
    onText(await file.text());
  }

  function onCheck(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (csv.trim() === '') {
      // Nothing to check: say why rather than leave the button dead.
      setEmptyError(emptyTapeMessage(fileName));
      return;
    }
    setCheckedCsv(csv);
    preview.mutate(csv);
  }

  const refusedRows = importRowErrors(apply.error);
  return (
    <section className="ops-section refi-tape-import" aria-labelledby="refi-tape-import-heading">
      <h2 id="refi-tape-import-heading">Import a loan tape</h2>
      <p>
        A CSV file with the header <code className="ops-break">{REFI_TAPE_COLUMNS.join(',')}</code>,
        at most {formatWholeNumber(REFI_TAPE_MAX_CHARS)} characters. Check it first: nothing is
        applied while a row has a problem, and importing the same file again changes nothing.
      </p>
      <form noValidate onSubmit={onCheck}>
        <div className="field">
          <label className="field__label" htmlFor={`${fieldId}-file`}>
            Tape file
          </label>
          <input
            id={`${fieldId}-file`}
            className="refi-tape-import__file"
            type="file"
            accept=".csv,text/csv"
            onChange={(event) => void onFile(event)}
          />
          {fileName !== null && csv !== '' && <p className="field__note">Loaded {fileName}.</p>}
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${fieldId}-csv`}>
            Or paste the CSV
          </label>
          <textarea
            id={`${fieldId}-csv`}
            className="input refi-tape-import__csv"
            rows={8}
            maxLength={REFI_TAPE_MAX_CHARS}
            spellCheck={false}
            value={csv}
            onChange={(event) => onText(event.target.value)}
          />
        </div>
        {emptyError !== null && (
          <p className="field__error" role="alert">
            {emptyError}
          </p>
        )}
        <Button type="submit" isFullWidth={false} isLoading={preview.isPending}>
          Check the tape
        </Button>
      </form>
      {preview.isError && checkedCsv === csv && (
        <Alert variant="error" title="The tape could not be checked">
          {preview.error.message}
        </Alert>
      )}
      {result !== undefined && (
        <div className="refi-tape-import__result" role="status">
          <p>
            <strong>{tapeSummaryText(result.summary)}</strong>
          </p>
          {result.errors.length > 0 && (
            <>
              <Alert
                variant="error"
                title={`${result.errors.length} problems: nothing can be applied`}
              >
                Fix these rows and check the tape again.
              </Alert>
              <RowErrors errors={result.errors} />
            </>
          )}
        </div>
      )}
      {canApply && (
        <Button isFullWidth={false} onClick={() => setIsConfirming(true)}>
          Import the tape
        </Button>
      )}
      {apply.isSuccess && !isConfirming && <OpsProposedNotice proposal={apply.data} />}
      {isConfirming && result !== undefined && (
        <OpsConfirmDialog
          formId="refi-tape-import-confirm"
          title="Import this tape?"
          description={`${tapeSummaryText(result.summary)}. Once a second agent approves, all rows are applied together, or none.`}
          confirmLabel="Propose import"
          call={apply}
          argsOf={() => csv}
          onClose={() => setIsConfirming(false)}
        >
          {refusedRows.length > 0 && <RowErrors errors={refusedRows} />}
        </OpsConfirmDialog>
      )}
    </section>
  );
}
