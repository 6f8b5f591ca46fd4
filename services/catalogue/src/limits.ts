// Limits on requests as a whole (docs/security.md, "Limits at every door"); the project fields'
// own limits are PROJECT_LIMITS (projects.ts).
export const REQUEST_LIMITS = {
  /** Arrays and objects inside one another in a JSON body; deeper bodies are refused unparsed. */
  jsonDepth: 64,
  /** Characters in one path parameter (Fastify's router). */
  paramLength: 200,
} as const;
