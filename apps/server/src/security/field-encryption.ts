/**
 * Encryption of personal data at rest (SSN, account numbers, TOTP secrets, uploaded ID files):
 * AES-256-GCM with a fresh 96-bit nonce per value and the value's context (table, column, owner) as
 * additional authenticated data, so a ciphertext copied to another row or column fails to decrypt.
 * Keys for each purpose are derived from the configured ENCRYPTION_KEY with HKDF-SHA256.
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

export type TFieldCipher = {
  /** Encrypts a text value; answers `v1.<nonce>.<tag>.<ciphertext>` in base64url parts. */
  encryptText(plaintext: string, context: string): string;
  decryptText(sealed: string, context: string): string;
  /** Encrypts bytes (files); answers nonce ‖ tag ‖ ciphertext. */
  encryptBytes(plaintext: Uint8Array, context: string): Buffer;
  decryptBytes(sealed: Uint8Array, context: string): Buffer;
  /**
   * A keyed, deterministic digest for finding rows by a secret value without storing it (e.g. the
   * same SSN on two identities). Never reversible; distinct per purpose.
   */
  blindIndex(value: string, purpose: string): string;
};

export class DecryptionError extends Error {
  constructor() {
    super('A stored value could not be decrypted');
    this.name = 'DecryptionError';
  }
}

function deriveKey(masterKey: Buffer, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', masterKey, Buffer.alloc(0), `pledge:${purpose}`, 32));
}

export function createFieldCipher(masterKey: Buffer): TFieldCipher {
  if (masterKey.length !== 32) throw new Error('The encryption key must be 32 bytes');
  const dataKey = deriveKey(masterKey, 'field-encryption');
  const indexKey = deriveKey(masterKey, 'blind-index');

  function seal(plaintext: Uint8Array, context: string) {
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', dataKey, nonce);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
    return { nonce, tag: cipher.getAuthTag(), ciphertext };
  }

  function open(nonce: Buffer, tag: Buffer, ciphertext: Buffer, context: string): Buffer {
    try {
      const decipher = createDecipheriv('aes-256-gcm', dataKey, nonce);
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(ciphertext), decipher.final()]);
    } catch {
      throw new DecryptionError();
    }
  }

  return {
    encryptText(plaintext, context) {
      const { nonce, tag, ciphertext } = seal(Buffer.from(plaintext, 'utf8'), context);
      return [VERSION, nonce, tag, ciphertext]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    decryptText(sealed, context) {
      const parts = sealed.split('.');
      if (parts.length !== 4 || parts[0] !== VERSION) throw new DecryptionError();
      const [, nonce, tag, ciphertext] = parts.map((p) => Buffer.from(p, 'base64url'));
      if (
        !nonce ||
        !tag ||
        !ciphertext ||
        nonce.length !== NONCE_BYTES ||
        tag.length !== TAG_BYTES
      ) {
        throw new DecryptionError();
      }
      return open(nonce, tag, ciphertext, context).toString('utf8');
    },
    encryptBytes(plaintext, context) {
      const { nonce, tag, ciphertext } = seal(plaintext, context);
      return Buffer.concat([nonce, tag, ciphertext]);
    },
    decryptBytes(sealed, context) {
      const buffer = Buffer.from(sealed);
      if (buffer.length < NONCE_BYTES + TAG_BYTES) throw new DecryptionError();
      return open(
        buffer.subarray(0, NONCE_BYTES),
        buffer.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES),
        buffer.subarray(NONCE_BYTES + TAG_BYTES),
        context,
      );
    },
    blindIndex(value, purpose) {
      return createHmac('sha256', indexKey).update(`${purpose}\u0000${value}`).digest('base64url');
    },
  };
}

/** Last four characters for display ("••••6789"); never more of a secret leaves the server. */
export function maskTail(value: string, visible = 4): string {
  return `••••${value.slice(-visible)}`;
}
