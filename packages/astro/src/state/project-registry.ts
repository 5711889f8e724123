/**
 * The integration's settings per project, for the loaders of that project (see docs/architecture.md,
 * "The shared client"). The integration registers at `astro:config:setup`; loaders look their
 * project up by `config.root`, which both the hook and the loader context see. The API key is only
 * ever held here, in memory: never in the Astro config (whose JSON Astro stores in the data store's
 * meta), never in entries.
 */
import type { ParamEncoding } from '@sitecontent/client';
import type { UrlStyle } from '../entries/page-url.js';
import { globalSlot, rootKey } from './global-slot.js';

/** Settings an integration shares with its loaders (after validation and env lookup). */
export interface SharedSettings {
  baseUrl?: string | undefined;
  apiKey?: string | undefined;
  sid?: number | undefined;
  /** Where the shared client's concurrency limit starts, across every collection. */
  concurrency: number;
  /** The ceiling of the adaptive limit; without it, `concurrency` is the ceiling. */
  maxConcurrency?: number | undefined;
  /** `false` holds the limit at `concurrency`. */
  adaptive?: boolean | undefined;
  timeoutMs?: number | undefined;
  maxResponseBytes?: number | undefined;
  /** Default `maxAge` of the loaders' meta cache, in ms. */
  metaMaxAge?: number | undefined;
  retries?: number | undefined;
  paramEncoding?: ParamEncoding | undefined;
  /** Origin of `config.site` once known (live loaders use it for canonical URLs). */
  siteOrigin?: string | undefined;
  /** How page URLs end (`trailingSlash`, `build.format`) once the config is final, for live loaders. */
  urlStyle?: UrlStyle | undefined;
  /** Astro's cache directory (`href`), where the last known site domain is remembered. */
  cacheDir?: string | undefined;
  /** Environment values read at config time (`process.env` over `.env` files). */
  env: Readonly<Record<string, string | undefined>>;
}

/** Minimal logger shape (Astro's integration logger fits). */
export interface WarnLogger {
  warn(message: string): void;
  info(message: string): void;
}

/** One project's entry: its integration settings and the logger the shared clients report to. */
export interface RegisteredProject {
  /** The project root as a key (see `rootKey`). */
  root: string;
  settings: SharedSettings;
  logger: WarnLogger | undefined;
}

interface Registry {
  byRoot: Map<string, RegisteredProject>;
  latest: RegisteredProject | undefined;
}

const registry = () => globalSlot<Registry>('projects', () => ({ byRoot: new Map(), latest: undefined }));

/** Registers (or replaces) the integration's settings for a project root. */
export function registerProject(
  root: URL,
  settings: SharedSettings,
  logger: WarnLogger | undefined,
): RegisteredProject {
  const reg = registry();
  const key = rootKey(root);
  const current: RegisteredProject = { root: key, settings, logger };
  reg.byRoot.set(key, current);
  reg.latest = current;
  return current;
}

/**
 * The project registered for `root`. Live loaders run without a root: with exactly one project
 * registered in this process, that one is meant.
 */
export function registeredProject(root: URL | string | undefined): RegisteredProject | undefined {
  const reg = registry();
  const found = root === undefined ? undefined : reg.byRoot.get(rootKey(root));
  return found ?? (reg.byRoot.size === 1 ? reg.latest : undefined);
}

/** Settings of the integration registered for `root`, if any. */
export function integrationSettings(root: URL | string | undefined): SharedSettings | undefined {
  return registeredProject(root)?.settings;
}
