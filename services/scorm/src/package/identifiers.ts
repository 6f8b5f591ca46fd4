// Identifiers that LMSs accept everywhere they appear: valid xs:ID (manifest identifiers), anyURI
// (2004 objectiveID, cmi5 ids) and SCORM 1.2 CMIIdentifier (no spaces, at most 255 characters).
// A raw id (a UUID may start with a digit) gets a prefix that starts with a letter and keeps only
// NCName-safe characters.

const UNSAFE = /[^A-Za-z0-9._-]+/g;
const MAX_RAW = 64;

/** A prefix such as 'TW-OBJ-' followed by the raw id made safe. */
export function safeIdentifier(prefix: string, raw: string): string {
  return prefix + (raw.replace(UNSAFE, '_').slice(0, MAX_RAW) || 'x');
}

/** safeIdentifier for each raw id, unique even where making them safe made two alike. */
export function uniqueIdentifiers(prefix: string, raws: readonly string[]): string[] {
  const seen = new Set<string>();
  return raws.map((raw) => {
    const base = safeIdentifier(prefix, raw);
    let id = base;
    for (let n = 2; seen.has(id); n++) id = `${base}-${n}`;
    seen.add(id);
    return id;
  });
}

/** A valid xs:ID / NCName. */
export const XML_ID = /^[A-Za-z_][A-Za-z0-9._-]*$/;
