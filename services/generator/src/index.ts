// What other packages use: the gateway's test harness and the benchmarks start the generator
// in-process.
export * from './main.js';
export * from './config.js';
