// What other packages use: the gateway's test harness and the scripts start billing in-process.
export * from './main.js';
export * from './config.js';
export { billingAccess, toProtoSubscription, toProtoPayment } from './grpc/billing.handler.js';
export { LocalPaymentsProvider } from './repositories/local-provider.js';
export type { BillingDeps } from './services/billing/deps.js';
// The gateway's test accounts are granted their plan as the operator command grants it.
export { grantPlan } from './services/billing/accounts.js';
