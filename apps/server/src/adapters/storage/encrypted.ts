/**
 * Every object goes to storage encrypted (AES-256-GCM through the field cipher), bound to its key:
 * a stored object copied under another key, or altered, fails to decrypt.
 */
import type { TFieldCipher } from '../../security/field-encryption.js';
import type { TStoragePort } from './port.js';

export interface TEncryptedStore {
  put(key: string, plaintext: Uint8Array): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}

export function storageContext(key: string): string {
  return `storage:${key}`;
}

export function createEncryptedStore(storage: TStoragePort, cipher: TFieldCipher): TEncryptedStore {
  return {
    put: (key, plaintext) => storage.put(key, cipher.encryptBytes(plaintext, storageContext(key))),
    async get(key) {
      const sealed = await storage.get(key);
      return sealed === null ? null : cipher.decryptBytes(sealed, storageContext(key));
    },
    delete: (key) => storage.delete(key),
  };
}
