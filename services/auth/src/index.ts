export * from './app.js';
export * from './config.js';
export { toProtoUser } from './grpc/auth.handler.js';
export { TokenIssuer, hashRefreshToken } from './services/tokens.js';
export { DEMO_ACCOUNT } from './demo-account.js';
