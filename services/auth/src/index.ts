// What other packages use: the gateway's test harness and the benchmarks start auth in-process.
export * from './main.js';
export * from './config.js';
export { authAccess, toProtoUser } from './grpc/auth.handler.js';
export { TokenIssuer, hashSecret } from './services/tokens.js';
export type { AuthDeps } from './services/accounts/deps.js';
// The gateway's trial test runs the retention sweep itself instead of waiting for its schedule.
export { purgeExpiredTrials } from './services/accounts/purge-expired-trials.js';
export { DEMO_ACCOUNT } from './demo-account.js';
// Tests announce a membership they made as auth does.
export { authEvents } from './services/events.js';
