// Ids are UUIDs; they are checked before they reach SQL (a uuid column refuses anything else with
// an error) or another service.
import { createHash } from 'node:crypto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/**
 * A share link's id beyond the project service (the LRS credential of its page, the event of its
 * revocation): the SHA-256 of its token in hex, so the token, which is the credential, stays there.
 */
export function shareLinkId(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
