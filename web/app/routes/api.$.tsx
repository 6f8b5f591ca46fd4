// Every /api/* request is forwarded to the gateway, so the session cookies stay first-party and
// the browser only ever talks to this origin.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { proxyToGateway } from '~/proxy.server';

export const loader = ({ request }: LoaderFunctionArgs) => proxyToGateway(request);
export const action = ({ request }: ActionFunctionArgs) => proxyToGateway(request);
