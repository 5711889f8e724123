/** The `@context` of every JSON-LD node this package writes (schema-dts types it as this literal). */
export const SCHEMA_ORG = 'https://schema.org' as const;
