// The public interactive video pages' loader (/watch/{token}, /embed/{token}): the published video
// for the first HTML, with or without a session; an unknown or unpublished token is a 404 page.
import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { cookieHeaders, gateway } from '~/gateway.server';
import type { PublishedInteractiveVideo } from './interactive-video';

export async function publishedVideoLoader(args: LoaderFunctionArgs) {
  const token = args.params.token ?? '';
  const answer = await gateway.json<PublishedInteractiveVideo>(args, `/api/interactive/${encodeURIComponent(token)}`, { anonymous: true });
  const headers = cookieHeaders(answer.setCookie);
  // 400: a token that cannot be one (too long); 404: unknown, or no version ready yet.
  if (answer.status === 404 || answer.status === 400) return data({ video: null, gone: true }, { status: 404, headers });
  return data({ video: answer.data, gone: false }, { headers });
}
