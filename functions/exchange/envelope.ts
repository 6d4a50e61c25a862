/**
 * Envelope encryption of exchange credentials. A key provider makes a fresh 256-bit data key per
 * credential (KMS GenerateDataKey in AWS; a local master key in the local stack, same code path);
 * the credential is sealed with AES-256-GCM under the data key, and only the data key's encrypted
 * form is stored beside it. The encryption context (member and exchange) is bound to both layers,
 * so a sealed item copied to another member's row does not open.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { DecryptCommand, GenerateDataKeyCommand, KMSClient } from '@aws-sdk/client-kms';

type EncryptionContext = Record<string, string>;

/** The key-provider port. */
export interface KeyProvider {
  generateDataKey(context: EncryptionContext): Promise<{ plaintext: Buffer; encrypted: Buffer }>;
  decryptDataKey(encrypted: Buffer, context: EncryptionContext): Promise<Buffer>;
}

export interface Sealed {
  v: 1;
  /** The data key, encrypted by the provider (base64). */
  dataKey: string;
  iv: string;
  tag: string;
  ciphertext: string;
}

const aad = (context: EncryptionContext) =>
  Buffer.from(JSON.stringify(Object.entries(context).sort(([a], [b]) => a.localeCompare(b))));

const gcmSeal = (key: Buffer, plaintext: Buffer, context: EncryptionContext) => {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad(context));
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return { iv, tag: cipher.getAuthTag(), ciphertext };
};

const gcmOpen = (key: Buffer, iv: Buffer, tag: Buffer, ciphertext: Buffer, context: EncryptionContext) => {
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAAD(aad(context));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(ciphertext), decipher.final()]);
};

/** AWS: the data key comes from KMS; only functions granted kms:Decrypt can open it. */
const kmsKeyProvider = (keyId: string, client = new KMSClient({})): KeyProvider => ({
  async generateDataKey(context) {
    const out = await client.send(
      new GenerateDataKeyCommand({ KeyId: keyId, KeySpec: 'AES_256', EncryptionContext: context }),
    );
    return { plaintext: Buffer.from(out.Plaintext!), encrypted: Buffer.from(out.CiphertextBlob!) };
  },
  async decryptDataKey(encrypted, context) {
    const out = await client.send(
      new DecryptCommand({ KeyId: keyId, CiphertextBlob: encrypted, EncryptionContext: context }),
    );
    return Buffer.from(out.Plaintext!);
  },
});

/** Local stack: a 256-bit master key (base64) wraps the data keys with AES-256-GCM, as KMS would. */
export const localKeyProvider = (masterKeyBase64: string): KeyProvider => {
  const master = Buffer.from(masterKeyBase64, 'base64');
  if (master.length !== 32) throw new Error('EXCHANGE_LOCAL_KEY must be 32 bytes, base64');
  return {
    async generateDataKey(context) {
      const plaintext = randomBytes(32);
      const { iv, tag, ciphertext } = gcmSeal(master, plaintext, context);
      return { plaintext, encrypted: Buffer.concat([iv, tag, ciphertext]) };
    },
    async decryptDataKey(encrypted, context) {
      return gcmOpen(
        master,
        encrypted.subarray(0, 12),
        encrypted.subarray(12, 28),
        encrypted.subarray(28),
        context,
      );
    },
  };
};

let provider: KeyProvider | undefined;

/** Which provider is a deployment fact: the local key when the local stack set one, else KMS. */
const keyProvider = (): KeyProvider => {
  if (provider) return provider;
  if (process.env.EXCHANGE_LOCAL_KEY) return (provider = localKeyProvider(process.env.EXCHANGE_LOCAL_KEY));
  const keyId = process.env.SECRETS_KEY_ID;
  if (!keyId) throw new Error('SECRETS_KEY_ID is not set');
  return (provider = kmsKeyProvider(keyId));
};

export const seal = async (
  plaintext: string,
  context: EncryptionContext,
  keys: KeyProvider = keyProvider(),
): Promise<Sealed> => {
  const dataKey = await keys.generateDataKey(context);
  try {
    const { iv, tag, ciphertext } = gcmSeal(dataKey.plaintext, Buffer.from(plaintext, 'utf8'), context);
    return {
      v: 1,
      dataKey: dataKey.encrypted.toString('base64'),
      iv: iv.toString('base64'),
      tag: tag.toString('base64'),
      ciphertext: ciphertext.toString('base64'),
    };
  } finally {
    dataKey.plaintext.fill(0);
  }
};

export const open = async (
  sealed: Sealed,
  context: EncryptionContext,
  keys: KeyProvider = keyProvider(),
): Promise<string> => {
  const dataKey = await keys.decryptDataKey(Buffer.from(sealed.dataKey, 'base64'), context);
  try {
    const b = (s: string) => Buffer.from(s, 'base64');
    return gcmOpen(dataKey, b(sealed.iv), b(sealed.tag), b(sealed.ciphertext), context).toString('utf8');
  } finally {
    dataKey.fill(0);
  }
};
