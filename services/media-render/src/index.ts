// What other packages use: the gateway's test harness starts media-render in-process.
export * from './main.js';
export * from './config.js';
// How each gRPC method reaches company data (the gateway's access test calls every one).
export { mediaAccess } from './grpc/media.handler.js';
