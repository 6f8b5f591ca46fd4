// Which payments provider runs: Stripe with a key, else the local test checkout.
import type { Kysely } from 'kysely';
import type { BillingConfig } from '../config.js';
import type { PaymentsProvider } from '../services/billing/provider.js';
import { lineItemForRef, parseRef } from '../services/refs.js';
import type { BillingDatabase } from './database.js';
import { LocalPaymentsProvider } from './local-provider.js';
import { StripeProvider } from './stripe-provider.js';

export interface ProviderChoice {
  provider: PaymentsProvider;
  /** Set with the local provider: its checkout page and its deliveries. */
  local: LocalPaymentsProvider | null;
}

export function createPaymentsProvider(
  config: Pick<BillingConfig, 'PAYMENTS_PROVIDER' | 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_BASE'>,
  deps: { db: Kysely<BillingDatabase>; clock: () => Date },
): ProviderChoice {
  if (config.PAYMENTS_PROVIDER === 'stripe') {
    const provider = new StripeProvider({
      secretKey: config.STRIPE_SECRET_KEY ?? '',
      webhookSecret: config.STRIPE_WEBHOOK_SECRET ?? '',
      ...(config.STRIPE_API_BASE ? { apiBase: config.STRIPE_API_BASE } : {}),
      // Prices are created from the catalogue on first use.
      resolveItem: (ref) => {
        if (!parseRef(ref)) return null;
        const { quantity: _quantity, ...item } = lineItemForRef(ref);
        return item;
      },
    });
    return { provider, local: null };
  }
  const local = new LocalPaymentsProvider(deps.db, { clock: deps.clock });
  return { provider: local, local };
}
