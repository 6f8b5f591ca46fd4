// What other packages use: the gateway's test harness and the scripts start scorm in-process.
export * from './main.js';
export * from './config.js';
