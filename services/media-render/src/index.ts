// What other packages use: the gateway's test harness starts media-render in-process.
export * from './main.js';
export * from './config.js';
