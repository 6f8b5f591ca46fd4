// What other packages use: the gateway's test harness and the scripts start translation in-process.
export * from './main.js';
export * from './config.js';
// How each gRPC method reaches company data (the gateway's access test calls every one).
export { translationAccess } from './grpc/translation.handler.js';
