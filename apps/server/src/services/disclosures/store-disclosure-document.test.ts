import { describe, expect, it } from 'vitest';
import { storeThenRecord } from './store-disclosure-document.js';

function memoryStore(failOnPut?: string) {
  const files = new Map<string, Uint8Array>();
  return {
    files,
    put: async (key: string, bytes: Uint8Array) => {
      if (key === failOnPut) throw new Error(`storage refused ${key}`);
      files.set(key, bytes);
    },
    delete: async (key: string) => {
      files.delete(key);
    },
  };
}

const PDF = { key: 'disclosures/a', bytes: Buffer.from('%PDF') };
const WORDS = { key: 'disclosure-texts/a', bytes: Buffer.from('{}') };

describe('a disclosure’s files and its record', () => {
  it('keeps the files once recorded', async () => {
    const store = memoryStore();
    await storeThenRecord(store, [PDF, WORDS], async () => true);
    expect([...store.files.keys()]).toEqual([PDF.key, WORDS.key]);
  });

  it('deletes them when another run recorded the same document first', async () => {
    const store = memoryStore();
    await storeThenRecord(store, [PDF, WORDS], async () => false);
    expect(store.files.size).toBe(0);
  });

  it('deletes them and throws the database’s error when recording fails', async () => {
    const store = memoryStore();
    await expect(
      storeThenRecord(store, [PDF, WORDS], async () => {
        throw new Error('connection lost');
      }),
    ).rejects.toThrow('connection lost');
    expect(store.files.size).toBe(0);
  });

  it('deletes the PDF when the file beside it cannot be stored, and records nothing', async () => {
    const store = memoryStore(WORDS.key);
    let recorded = false;
    await expect(
      storeThenRecord(store, [PDF, WORDS], async () => {
        recorded = true;
        return true;
      }),
    ).rejects.toThrow(`storage refused ${WORDS.key}`);
    expect(recorded).toBe(false);
    expect(store.files.size).toBe(0);
  });
});
