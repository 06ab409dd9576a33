import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'pledge-config-limits-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const load = (env: Record<string, string>) =>
  loadConfig({ SANDBOX: 'true', DATA_DIR: dataDir, ...env });

function messageOf(env: Record<string, string>): string {
  try {
    load(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('the configuration was accepted');
}

describe('runtime limits', () => {
  it('default to a pool of 4, a 30 s statement timeout, a 10 s drain and no metrics', () => {
    const config = load({});
    expect(config.dbPoolSize).toBe(4);
    expect(config.dbStatementTimeoutMs).toBe(30_000);
    expect(config.drainTimeoutMs).toBe(10_000);
    expect(config.metricsToken).toBeUndefined();
  });

  it('take the values set', () => {
    const config = load({
      DB_POOL_SIZE: '25',
      DB_STATEMENT_TIMEOUT_MS: '5000',
      DRAIN_TIMEOUT_MS: '45000',
      METRICS_TOKEN: 'a-long-enough-scrape-token',
    });
    expect(config.dbPoolSize).toBe(25);
    expect(config.dbStatementTimeoutMs).toBe(5_000);
    expect(config.drainTimeoutMs).toBe(45_000);
    expect(config.metricsToken).toBe('a-long-enough-scrape-token');
  });

  it.each([
    ['DB_POOL_SIZE', '0', 'DB_POOL_SIZE must be between 1 and 1000 connections (got "0")'],
    ['DB_POOL_SIZE', 'many', 'DB_POOL_SIZE must be a number of connections (got "many")'],
    ['DB_POOL_SIZE', '2.5', 'DB_POOL_SIZE must be a whole number (got "2.5")'],
    [
      'DB_STATEMENT_TIMEOUT_MS',
      '50',
      'DB_STATEMENT_TIMEOUT_MS must be between 100 and 3600000 milliseconds (got "50")',
    ],
    [
      'DRAIN_TIMEOUT_MS',
      '999999999',
      'DRAIN_TIMEOUT_MS must be between 1000 and 600000 milliseconds (got "999999999")',
    ],
  ])('refuses %s=%s with one line naming it', (name, value, line) => {
    const message = messageOf({ [name]: value });
    expect(message.split('\n').filter((text) => text.includes(name))).toEqual([`  ${line}`]);
  });

  it('refuses a short metrics token without echoing it', () => {
    const message = messageOf({ METRICS_TOKEN: 'short' });
    expect(message).toContain(
      'METRICS_TOKEN must be 16 to 256 printable characters without spaces',
    );
    expect(message).not.toContain('short"');
  });

  it('lists every bad limit in one message', () => {
    const message = messageOf({ DB_POOL_SIZE: '0', DRAIN_TIMEOUT_MS: 'soon' });
    expect(message).toContain('DB_POOL_SIZE');
    expect(message).toContain('DRAIN_TIMEOUT_MS');
  });
});
