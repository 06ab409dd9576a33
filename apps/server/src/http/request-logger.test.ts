import { Writable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { createLogger, REDACTION_CENSOR } from '../logger.js';
import { lazyChildLogger } from './request-logger.js';

function capture(level: 'info' | 'warn') {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: createLogger(level, stream), lines };
}

describe('the lazy request logger', () => {
  it('creates no child while nothing is logged at an enabled level', () => {
    const { logger, lines } = capture('warn');
    const child = vi.spyOn(logger, 'child');
    const log = lazyChildLogger(logger, { reqId: 'r1' }, {});
    log.info('incoming request');
    log.debug('details');
    expect(child).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
  });

  it('logs with the request id and the redaction once something is logged', async () => {
    const { logger, lines } = capture('info');
    const log = lazyChildLogger(logger, { reqId: 'r2' }, {});
    log.info({ body: { ssn: '123-45-6789' } }, 'request failed');
    log.warn('again');
    await new Promise((resolve) => setImmediate(resolve));
    const output = lines.join('');
    expect(output).toContain('"reqId":"r2"');
    expect(output).toContain('request failed');
    expect(output).toContain(REDACTION_CENSOR);
    expect(output).not.toContain('123-45-6789');
    expect(lines).toHaveLength(2);
  });

  it('answers the level and hands out children', () => {
    const { logger, lines } = capture('warn');
    const log = lazyChildLogger(logger, { reqId: 'r3' }, {});
    expect(log.level).toBe('warn');
    log.child({ step: 'x' }).error('boom');
    expect(lines.join('')).toContain('"reqId":"r3"');
  });
});
