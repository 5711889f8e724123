/** `@sitecontent/astro/schemas`: the entry schemas, to extend or reuse, and a factory per kind for other names. */
export {
  articleDataSchema,
  articleDataSchemaFor,
  domainDataSchema,
  entryReferenceSchema,
  extraFieldsSchema,
  modificationDataSchema,
  modificationDataSchemaFor,
  productDataSchema,
  productDataSchemaFor,
  productImageDataSchema,
  productSkuDataSchema,
  sectionDataSchema,
  sectionDataSchemaFor,
  seoSchema,
} from './entries/schemas.js';
