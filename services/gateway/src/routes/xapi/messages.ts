// What the gateway's side of the xAPI endpoint answers an LRS client (English, like the LRS's own:
// services/scorm/src/services/xapi/messages.ts).
export const XAPI_MESSAGES_OF_GATEWAY = {
  firstPartJson: 'The first part of a multipart/mixed request must be the statements, as application/json.',
  partHash: 'Each attachment part needs an X-Experience-API-Hash header with its SHA-256.',
  partEncoding: 'Each attachment part needs Content-Transfer-Encoding: binary.',
  unknownParameter: (name: string) => `${name} is not a parameter of this resource.`,
} as const;
