// What other packages use: the gateway's test harness and the scripts start billing in-process.
export * from './main.js';
export * from './config.js';
export { billingAccess, toProtoSubscription, toProtoPayment } from './grpc/billing.handler.js';
export { LocalPaymentsProvider } from './repositories/local-provider.js';
