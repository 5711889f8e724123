// The validator ships JavaScript only; the tests use its one class.
declare module '@adobe/structured-data-validator' {
  export default class Validator {
    constructor(schemaOrgJson?: unknown);
    validate(extracted: { jsonld?: Record<string, object[]> }): Promise<unknown[]>;
  }
}
