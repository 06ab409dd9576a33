/**
 * The providers' answers recorded under test/fixtures (`prices/kraken-btc`, `chain/…`), read as
 * the providers send them, for the real adapters' tests.
 */
import { readFileSync } from 'node:fs';

/** test/fixtures/<name>.json, parsed. */
export function recordedAnswer(name: string): unknown {
  return JSON.parse(readFileSync(new URL(`../fixtures/${name}.json`, import.meta.url), 'utf8'));
}
