// Credentials at rest (docs/integrations.md, "Credentials"): AES-256-GCM with the key from the
// configuration, a fresh 12-byte nonce each time, the integration's id as associated data (a
// ciphertext copied onto another row does not open). Layout: version 1 | nonce | tag | ciphertext.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 1;

export class SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('SecretBox needs a 32-byte key');
  }

  seal(plain: string, context: string): Buffer {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    cipher.setAAD(Buffer.from(context));
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return Buffer.concat([Buffer.from([VERSION]), nonce, cipher.getAuthTag(), sealed]);
  }

  /** Throws when the box was not sealed with this key for this context. */
  open(box: Buffer, context: string): string {
    if (box[0] !== VERSION || box.length < 29) throw new Error('not a sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, box.subarray(1, 13));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(box.subarray(13, 29));
    return Buffer.concat([decipher.update(box.subarray(29)), decipher.final()]).toString('utf8');
  }
}
