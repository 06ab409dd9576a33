/**
 * Encryption of personal data at rest (SSN, account numbers, TOTP secrets, uploaded ID files):
 * AES-256-GCM with a fresh 96-bit nonce per value and the value's context (table, column, owner) as
 * additional authenticated data, so a ciphertext copied to another row or column fails to decrypt.
 * Keys for each purpose are derived from the configured master key with HKDF-SHA256.
 *
 * Key rotation: the cipher holds a key ring (ENCRYPTION_KEYS, newest first). It always seals with
 * the newest key and tags what it seals with that key's id; it opens values sealed with any key of
 * the ring (values sealed before ids existed are tried against each key; GCM's tag tells the right
 * one). The re-encrypt job (security/reencrypt) rewrites old values to the newest key.
 *
 * A rotation runs in two phases so that instances of a rolling restart always read each other's
 * writes: first every instance learns the new key for reading only (ENCRYPTION_NEXT_KEY: the
 * ring's next keys, which open values and never seal one), then every instance seals with it
 * (ENCRYPTION_KEYS=new,old). An instance still in the first phase reads what one in the second
 * wrote, and can run the re-encryption to the new key (sealingWith).
 *
 * The blind index key is not rotated with the data key (rotating it would orphan every stored
 * digest): the boot key check keeps it in the database, sealed with the data key, and hands it in.
 */
import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  createSecretKey,
  hkdfSync,
  randomBytes,
  type KeyObject,
} from 'node:crypto';

const LEGACY_TEXT_VERSION = 'v1';
const TEXT_VERSION = 'v2';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const KEY_ID_BYTES = 8;
export const MASTER_KEY_BYTES = 32;
/** Start of sealed bytes that carry a key id: 0xF5 'P' 'K' 0x02, then the id. */
const BYTES_MAGIC = Buffer.from([0xf5, 0x50, 0x4b, 0x02]);

export type TFieldCipher = {
  /** Encrypts a text value; answers `v2.<key id>.<nonce>.<tag>.<ciphertext>` in base64url parts. */
  encryptText(plaintext: string, context: string): string;
  decryptText(sealed: string, context: string): string;
  /** Encrypts bytes (files); answers magic ‖ key id ‖ nonce ‖ tag ‖ ciphertext. */
  encryptBytes(plaintext: Uint8Array, context: string): Buffer;
  decryptBytes(sealed: Uint8Array, context: string): Buffer;
  /**
   * A keyed, deterministic digest for finding rows by a secret value without storing it (e.g. the
   * same SSN on two identities). Never reversible; distinct per purpose.
   */
  blindIndex(value: string, purpose: string): string;
  /** Id (hex) of the newest key, the one that seals. */
  readonly keyId: string;
  /** Ids of every key of the ring: the sealing key, the older ones, then the next keys. */
  readonly keyIds: readonly string[];
  /** Ids of the next keys: read with, not yet sealed with (the first phase of a rotation). */
  readonly nextKeyIds: readonly string[];
  /**
   * The same ring sealing with the key of this id (a next key, for the re-encryption to it that an
   * instance of the second phase asked for); null when the ring has no such key.
   */
  sealingWith(keyId: string): TFieldCipher | null;
  /** Whether a sealed value is already sealed with the newest key (nothing to rewrite). */
  isSealedWithNewestKey(sealed: string | Uint8Array): boolean;
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

/** A key's public id: derived one way from it, so it names the key without revealing it. */
export function encryptionKeyId(masterKey: Buffer): string {
  return deriveKey(masterKey, 'key-id').subarray(0, KEY_ID_BYTES).toString('hex');
}

/** The blind index key a master key gives (before rotation, every digest was made with it). */
export function deriveBlindIndexKey(masterKey: Buffer): Buffer {
  return deriveKey(masterKey, 'blind-index');
}

/**
 * A key of the ring. Its data key is a KeyObject made once: given a Buffer, every cipher and
 * HMAC makes a KeyObject of its own first, which costs several times the work on a short value.
 */
interface TRingKey {
  id: string;
  idBytes: Buffer;
  dataKey: KeyObject;
}

export interface TFieldCipherOptions {
  /** The blind index key (kept in the database); derived from the oldest key when not given. */
  indexKey?: Buffer;
  /** Keys that open values but seal none yet (ENCRYPTION_NEXT_KEY); a sealing key's is ignored. */
  nextKeys?: readonly Buffer[];
}

/**
 * A cipher over one master key, or a ring of them (newest first: it seals with the first and opens
 * with any).
 */
export function createFieldCipher(
  masterKeys: Buffer | readonly Buffer[],
  options: TFieldCipherOptions = {},
): TFieldCipher {
  const list = Buffer.isBuffer(masterKeys) ? [masterKeys] : [...masterKeys];
  if (list.length === 0) throw new Error('At least one encryption key is needed');
  const nextKeys = (options.nextKeys ?? []).filter(
    (key, index, all) =>
      !list.some((sealing) => sealing.equals(key)) &&
      all.findIndex((other) => other.equals(key)) === index,
  );
  for (const key of [...list, ...nextKeys]) {
    if (key.length !== MASTER_KEY_BYTES) throw new Error('The encryption key must be 32 bytes');
  }
  const ring: TRingKey[] = [...list, ...nextKeys].map((key) => {
    const id = encryptionKeyId(key);
    return {
      id,
      idBytes: Buffer.from(id, 'hex'),
      dataKey: createSecretKey(deriveKey(key, 'field-encryption')),
    };
  });
  const newest = ring[0] as TRingKey;
  const oldest = list[list.length - 1] as Buffer;
  const indexKey = options.indexKey ?? deriveBlindIndexKey(oldest);
  if (indexKey.length !== 32) throw new Error('The blind index key must be 32 bytes');
  const indexKeyObject = createSecretKey(indexKey);

  function seal(plaintext: Uint8Array, context: string) {
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', newest.dataKey, nonce);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
    return { nonce, tag: cipher.getAuthTag(), ciphertext };
  }

  function openWith(
    key: TRingKey,
    nonce: Buffer,
    tag: Buffer,
    ciphertext: Buffer,
    context: string,
  ): Buffer | null {
    try {
      const decipher = createDecipheriv('aes-256-gcm', key.dataKey, nonce);
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(ciphertext), decipher.final()]);
    } catch {
      return null;
    }
  }

  /** Opens with the key of the id when given, else with each key in turn. */
  function open(
    keyId: string | null,
    nonce: Buffer,
    tag: Buffer,
    ciphertext: Buffer,
    context: string,
  ): Buffer {
    if (nonce.length !== NONCE_BYTES || tag.length !== TAG_BYTES) throw new DecryptionError();
    const candidates = keyId === null ? ring : ring.filter((key) => key.id === keyId);
    for (const key of candidates) {
      const plaintext = openWith(key, nonce, tag, ciphertext, context);
      if (plaintext !== null) return plaintext;
    }
    throw new DecryptionError();
  }

  function textKeyId(sealed: string): string | null | undefined {
    const parts = sealed.split('.');
    if (parts.length === 5 && parts[0] === TEXT_VERSION) return parts[1] ?? undefined;
    if (parts.length === 4 && parts[0] === LEGACY_TEXT_VERSION) return null;
    return undefined;
  }

  function bytesKeyId(buffer: Buffer): string | null {
    const headed = BYTES_MAGIC.length + KEY_ID_BYTES;
    if (buffer.length < headed + NONCE_BYTES + TAG_BYTES) return null;
    if (!buffer.subarray(0, BYTES_MAGIC.length).equals(BYTES_MAGIC)) return null;
    return buffer.subarray(BYTES_MAGIC.length, headed).toString('hex');
  }

  /** A sealed byte value's body: its nonce, tag and ciphertext, one after the other. */
  function openBytesBody(keyId: string | null, body: Buffer, context: string): Buffer {
    return open(
      keyId,
      body.subarray(0, NONCE_BYTES),
      body.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES),
      body.subarray(NONCE_BYTES + TAG_BYTES),
      context,
    );
  }

  function openLegacyBytes(buffer: Buffer, context: string): Buffer {
    if (buffer.length < NONCE_BYTES + TAG_BYTES) throw new DecryptionError();
    return openBytesBody(null, buffer, context);
  }

  return {
    keyId: newest.id,
    keyIds: ring.map((key) => key.id),
    nextKeyIds: ring.slice(list.length).map((key) => key.id),
    sealingWith(keyId) {
      const all = [...list, ...nextKeys];
      const key = all.find((candidate) => encryptionKeyId(candidate) === keyId);
      if (key === undefined) return null;
      // The blind index key stays the ring's: digests never change with the data key.
      return createFieldCipher([key, ...list.filter((other) => other !== key)], {
        indexKey,
        nextKeys: nextKeys.filter((other) => other !== key),
      });
    },
    encryptText(plaintext, context) {
      const { nonce, tag, ciphertext } = seal(Buffer.from(plaintext, 'utf8'), context);
      return [
        TEXT_VERSION,
        newest.id,
        ...[nonce, tag, ciphertext].map((p) => p.toString('base64url')),
      ].join('.');
    },
    decryptText(sealed, context) {
      const keyId = textKeyId(sealed);
      if (keyId === undefined) throw new DecryptionError();
      const parts = sealed.split('.');
      const [nonce, tag, ciphertext] = parts
        .slice(keyId === null ? 1 : 2)
        .map((p) => Buffer.from(p, 'base64url'));
      if (nonce === undefined || tag === undefined || ciphertext === undefined) {
        throw new DecryptionError();
      }
      return open(keyId, nonce, tag, ciphertext, context).toString('utf8');
    },
    encryptBytes(plaintext, context) {
      const { nonce, tag, ciphertext } = seal(plaintext, context);
      return Buffer.concat([BYTES_MAGIC, newest.idBytes, nonce, tag, ciphertext]);
    },
    decryptBytes(sealed, context) {
      const buffer = Buffer.from(sealed);
      const keyId = bytesKeyId(buffer);
      if (keyId !== null) {
        try {
          return openBytesBody(keyId, buffer.subarray(BYTES_MAGIC.length + KEY_ID_BYTES), context);
        } catch {
          // A value sealed before key ids whose random nonce happens to start like the header.
        }
      }
      return openLegacyBytes(buffer, context);
    },
    blindIndex(value, purpose) {
      return createHmac('sha256', indexKeyObject)
        .update(`${purpose}\u0000${value}`)
        .digest('base64url');
    },
    isSealedWithNewestKey(sealed) {
      const keyId =
        typeof sealed === 'string' ? textKeyId(sealed) : bytesKeyId(Buffer.from(sealed));
      return keyId === newest.id;
    },
  };
}

/** Last four characters for display ("••••6789"); never more of a secret leaves the server. */
export function maskTail(value: string, visible = 4): string {
  return `••••${value.slice(-visible)}`;
}
