// Whether the service may call a URL a user or a Zapier app gave (docs/integrations.md, "Setup"):
// https (or an origin the operator allows), the safe fetcher's static checks (no literal private,
// loopback, link-local or metadata address, no local name), and, when the name resolves now, no
// answer that is not public. A name that does not resolve (this machine may be offline) is kept:
// every delivery resolves and checks it again before connecting.
import { lookup } from 'node:dns/promises';
import { INTEGRATION_MESSAGES, catalogueMessage } from '@trainwright/catalogue';
import { AppError, UnsafeUrlError, checkUrlTarget, nonPublicReason } from '@trainwright/platform';

export type UrlCheck = (field: string, url: string) => Promise<void>;

type Resolve = (host: string) => Promise<Array<{ address: string }>>;

export function urlChecker(allowOrigins: string[], resolve: Resolve = (host) => lookup(host, { all: true })): UrlCheck {
  return async (field, url) => {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw AppError.validation(field, catalogueMessage(INTEGRATION_MESSAGES, 'notUrl', field));
    }
    if (allowOrigins.includes(parsed.origin)) return;
    if (parsed.protocol !== 'https:') throw AppError.validation(field, catalogueMessage(INTEGRATION_MESSAGES, 'notUrl', field));
    let target;
    try {
      target = checkUrlTarget(url, { allowOrigins });
    } catch (error) {
      if (error instanceof UnsafeUrlError) throw AppError.validation(field, error.message);
      throw error;
    }
    if (target.address) return;
    const answers = await resolve(target.host).catch(() => []);
    for (const { address } of answers) {
      const reason = nonPublicReason(address);
      if (reason) throw AppError.validation(field, `This address is not allowed: ${target.host} resolves to ${address}, ${reason}.`);
    }
  };
}
