// The pg driver's value encoding (its package exports ./lib/*; @types/pg does not describe it).
declare module 'pg/lib/utils.js' {
  const utils: { prepareValue(value: unknown): unknown };
  export default utils;
}
