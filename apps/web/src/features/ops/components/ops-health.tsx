/**
 * The outside dependencies (SMTP, the credit bureau, the chain nodes, the price venues, Plaid) as
 * their last probes found them: up or down, when each last answered, its last error with the
 * cause, and how long ago it was probed (a probe that stopped running shows here too).
 */
import type { TDependencyHealth } from '@pledge/contract';
import { useOpsHealth } from '../api/ops-health.js';
import { formatDateTime } from '../format.js';
import { OpsList } from './ops-list.js';
import type { TOpsColumn } from './ops-table.js';

/** What each dependency is, in an operator's words; a new one shows its own name. */
const DEPENDENCY_WORDS: Readonly<Record<string, string>> = {
  smtp: 'Mail server (SMTP)',
  'credit-bureau': 'Credit bureau',
  'chain-btc': 'Bitcoin node',
  'chain-eth': 'Ethereum node',
  'price-sandbox': 'Sandbox prices',
  plaid: 'Plaid',
};

export function dependencyName(dependency: string): string {
  const words = DEPENDENCY_WORDS[dependency];
  if (words !== undefined) return words;
  if (dependency.startsWith('price-')) return `Price venue ${dependency.slice('price-'.length)}`;
  return dependency;
}

/** "45 s ago", "12 min ago", "3 h ago", "2 days ago". */
export function formatAge(seconds: number): string {
  if (seconds < 90) return `${Math.round(seconds)} s ago`;
  if (seconds < 90 * 60) return `${Math.round(seconds / 60)} min ago`;
  if (seconds < 36 * 3_600) return `${Math.round(seconds / 3_600)} h ago`;
  return `${Math.round(seconds / 86_400)} days ago`;
}

const COLUMNS: readonly TOpsColumn<TDependencyHealth>[] = [
  { header: 'Dependency', cell: (entry) => dependencyName(entry.dependency) },
  {
    header: 'Status',
    // Said in words, never by colour alone; a dependency that is down stands out in bold.
    cell: (entry) => (entry.status === 'UP' ? 'Up' : <strong>Down</strong>),
  },
  {
    header: 'Last success',
    cell: (entry) => (entry.lastSuccessAt === null ? 'Never' : formatDateTime(entry.lastSuccessAt)),
  },
  {
    header: 'Last error',
    cellClassName: 'ops-break',
    cell: (entry) =>
      entry.lastError === null ? (
        'None'
      ) : (
        <>
          {formatDateTime(entry.lastError.at)}:{' '}
          {entry.lastError.code === null
            ? entry.lastError.errorClass
            : `${entry.lastError.errorClass} ${entry.lastError.code}`}
          , {entry.lastError.message}
        </>
      ),
  },
  {
    header: 'Probed',
    cell: (entry) => (
      <span title={formatDateTime(entry.lastProbedAt)}>{formatAge(entry.probeAgeSeconds)}</span>
    ),
  },
];

export function OpsHealth() {
  const query = useOpsHealth();
  const dependencies = query.data?.dependencies;
  const down = dependencies?.filter((entry) => entry.status === 'DOWN') ?? [];
  return (
    <>
      {dependencies !== undefined && dependencies.length > 0 && (
        <p role="status">
          {down.length === 0
            ? 'Every dependency answered its last probe.'
            : `${down.length} of ${dependencies.length} dependencies did not answer their last probe: ${down
                .map((entry) => dependencyName(entry.dependency))
                .join(', ')}.`}
        </p>
      )}
      <OpsList
        query={query}
        loadingText="Loading the dependencies…"
        errorTitle="The dependencies could not be loaded"
        items={dependencies}
        caption="Outside dependencies"
        columns={COLUMNS}
        rowKey={(entry) => entry.dependency}
        emptyText="No dependency has been probed yet: the first probe runs within a minute of a job worker starting."
      />
    </>
  );
}
