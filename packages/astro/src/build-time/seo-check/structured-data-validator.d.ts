// Types of the parts of @adobe/structured-data-validator (plain JavaScript) the SEO check uses.
declare module '@adobe/structured-data-validator' {
  export interface ValidationIssue {
    rootType: string;
    issueMessage: string;
    severity: 'ERROR' | 'WARNING';
    path?: { type?: string; property?: string; index?: number }[];
    fieldNames?: string[];
  }
  /** Without a schema.org vocabulary it checks Google's rich-result rules only, offline. */
  export default class Validator {
    constructor(schemaOrgJson?: unknown);
    /** Per type, functions that import the type's rule classes. */
    registeredHandlers: Record<string, (() => Promise<unknown>)[]>;
    validate(data: { jsonld?: Record<string, unknown[]> }): Promise<ValidationIssue[]>;
  }
}
