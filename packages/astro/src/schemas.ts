/**
 * `@sitecontent/astro/schemas`: the loaders' entry schemas, for a collection that extends or reuses
 * one (`productDataSchema.extend({ … })`), and a factory per kind for other collection names.
 */
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
