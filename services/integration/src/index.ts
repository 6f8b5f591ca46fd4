// What other packages use: the gateway's test harness and the scripts start integration in-process.
export * from './main.js';
export * from './config.js';
// How each gRPC method reaches company data (the gateway's access test calls every one).
export { integrationAccess } from './grpc/integration.handler.js';
