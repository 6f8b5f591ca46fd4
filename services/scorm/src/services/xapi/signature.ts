// Signed statements (xAPI Data 2.6): a statement with a signature attachment carries a JWS whose
// payload is the statement itself, signed with RS256, RS384 or RS512. The LRS refuses one that is
// malformed, uses another algorithm, signs another statement, or fails verification with the
// X.509 certificate its header names (x5c). Without a certificate there is no key to verify
// with: the structure, the algorithm and the payload are what can be checked.
import { AppError } from '@trainwright/platform';
import { compactVerify, decodeProtectedHeader, importX509 } from 'jose';
import { isObject } from './agents.js';
import { XAPI_MESSAGES } from './messages.js';
import { sameStatement } from './statement-equality.js';

type Json = Record<string, unknown>;

export const SIGNATURE_USAGE = 'http://adlnet.gov/expapi/attachments/signature';
const ALGORITHMS = ['RS256', 'RS384', 'RS512'];

function refuse(problem: string): never {
  throw AppError.validation('signature', XAPI_MESSAGES.invalid('The statement signature', problem));
}

/** Checks the signature of a statement that has one (`jws` its attachment's raw data). */
export async function checkSignature(statement: Json, jws: Buffer): Promise<void> {
  const token = jws.toString('utf8').trim();
  const parts = token.split('.');
  if (parts.length !== 3) refuse('is not a JWS in compact serialization');
  let header: ReturnType<typeof decodeProtectedHeader>;
  let payload: unknown;
  try {
    header = decodeProtectedHeader(token);
    payload = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8'));
  } catch {
    refuse('is not a JWS whose payload is a JSON statement');
  }
  if (!ALGORITHMS.includes(String(header.alg))) refuse('must use RS256, RS384 or RS512');
  if (!isObject(payload)) refuse('must have the statement as its payload');
  const { attachments: _attachments, ...signed } = statement;
  if (!sameStatement(signed, payload)) refuse('signs a different statement');
  if (Array.isArray(header.x5c) && header.x5c.length > 0) {
    try {
      const certificate = `-----BEGIN CERTIFICATE-----\n${String(header.x5c[0]).replace(/(.{64})/g, '$1\n')}\n-----END CERTIFICATE-----`;
      await compactVerify(token, await importX509(certificate, String(header.alg)));
    } catch {
      refuse('does not verify with the certificate it names (x5c)');
    }
  }
}
