// What other packages use: the gateway's test harness and the benchmarks start the project
// service in-process.
export * from './main.js';
export * from './config.js';
