export { purgeTargetsOfMeta, type WrittenPage } from './meta-purge.js';
export { type PurgeAfterWrite, purgeAfterMetaWrite } from './purge-after-write.js';
export { MAX_PURGE_NAMES, PURGE_BODY_FIELDS, purgeBodySchema } from './purge-body.js';
export {
  DEFAULT_PURGE_PATH,
  namesAnything,
  PURGE_SITE_URL_ENV,
  PURGE_TOKEN_ENV,
  type PurgeRequest,
  type PurgeTargets,
  purgePages,
} from './purge-request.js';
