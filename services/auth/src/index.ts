export * from './app.js';
export * from './config.js';
export { toProtoUser } from './grpc/auth.handler.js';
