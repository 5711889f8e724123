/**
 * The process-wide state: the open projects by Astro root and the page facts of the last build. On
 * `globalThis` under a `Symbol.for` key because Astro loads the integration and the loaders through
 * different module graphs, so this module can exist twice in one process.
 */
import type { WarnLogger } from './client-pool.js';
import type { PageFacts } from './page-facts.js';
import { Project } from './project.js';
import { type ProjectSettings, standaloneSettings } from './project-settings.js';

interface OpenProjects {
  byRoot: Map<string, Project>;
  /** The project whose pages this process serves (`astro dev`, `astro preview`), for the live loaders. */
  serving: Project | undefined;
  /** Whether a `sitemapFacts()` serializer exists (builds then keep their entries), and the last build's facts. */
  sitemap: { wanted: boolean; facts: PageFacts | undefined };
  /** Images the build could not read, once per record and field (`pageImages()`); the SEO check warns of them. */
  unreadImages: Map<string, UnreadImage>;
  /** Each collection's stored entries, read by the SEO check to tell an editor's link from the site's own. */
  serviceHtml: Map<string, () => Iterable<ServiceHtmlEntry>>;
  /**
   * What each live products loader was told about its pages, by loader object: the product sitemaps
   * and feed find it through the site's live collections, whichever copy of this package made them.
   */
  productPages: WeakMap<object, unknown>;
}

/** A stored entry as the SEO check reads its HTML: fields of `data`, and `rendered.html` (the record's `txt`). */
export interface ServiceHtmlEntry {
  id: string;
  data: unknown;
  rendered?: { html: string } | undefined;
}

/** An image a page fell back from: whose it is, which field, the URL and why. */
export interface UnreadImage {
  collection: string;
  id: number | string;
  field: string;
  url: string;
  reason: string;
}

const SLOT = Symbol.for('@sitecontent/astro/projects');

function openProjects(): OpenProjects {
  const g = globalThis as { [SLOT]?: OpenProjects };
  g[SLOT] ??= {
    byRoot: new Map(),
    serving: undefined,
    sitemap: { wanted: false, facts: undefined },
    unreadImages: new Map(),
    serviceHtml: new Map(),
    productPages: new WeakMap(),
  };
  return g[SLOT];
}

/** A project root as a comparable key: its `href`, always ending in `/`. */
export function rootKey(root: URL | string): string {
  const href = typeof root === 'string' ? root : root.href;
  return href.endsWith('/') ? href : `${href}/`;
}

/** Opens the integration's project for `root`, closing an earlier one there; `serves`: live loaders use it. */
export function openProject(
  root: URL,
  settings: ProjectSettings,
  logger: WarnLogger | undefined,
  serves = false,
): Project {
  const projects = openProjects();
  const key = rootKey(root);
  const previous = projects.byRoot.get(key);
  if (previous) void previous.close();
  const project = new Project(settings, logger, true);
  projects.byRoot.set(key, project);
  if (serves) projects.serving = project;
  else if (projects.serving === previous) projects.serving = undefined;
  return project;
}

/** The loaders' project at `root`: the integration's, else one with its defaults, opened on first use. */
export function projectAt(root: URL | string): Project {
  const projects = openProjects();
  const key = rootKey(root);
  let project = projects.byRoot.get(key);
  if (!project) {
    project = new Project(standaloneSettings(), undefined, false);
    projects.byRoot.set(key, project);
  }
  return project;
}

/** The live loaders' project: the one this process serves, else their own (a production server runs no hook). */
export function liveProject(): Project {
  return openProjects().serving ?? projectAt('sitecontent:live/');
}

/** Called by `sitemapFacts()`: builds keep their entries until the sitemap is written. */
export function wantPageFacts(): void {
  openProjects().sitemap.wanted = true;
}

/** Whether a `sitemapFacts()` serializer exists in this process. */
export const pageFactsWanted = (): boolean => openProjects().sitemap.wanted;

/** Keeps a build's page facts at its end: `@astrojs/sitemap` writes later, from the build that ended last. */
export function keepPageFacts(facts: PageFacts): void {
  openProjects().sitemap.facts = facts;
}

/** The page facts of the build that ended last; none before any. */
export const keptPageFacts = (): PageFacts | undefined => openProjects().sitemap.facts;

/** Notes an image the build could not read; `true` the first time for its record and field. */
export function noteUnreadImage(image: UnreadImage): boolean {
  const unread = openProjects().unreadImages;
  const key = JSON.stringify([image.collection, image.id, image.field]);
  if (unread.has(key)) return false;
  unread.set(key, image);
  return true;
}

/** The images noted since the last `forgetUnreadImages()`. */
export const unreadImages = (): UnreadImage[] => [...openProjects().unreadImages.values()];

/** At a build's start: what an earlier build in this process could not read is not this one's. */
export function forgetUnreadImages(): void {
  openProjects().unreadImages.clear();
}

/** Notes where `collection`'s entries can be read once the sync has ended (a loader's store). */
export function noteServiceHtml(collection: string, entries: () => Iterable<ServiceHtmlEntry>): void {
  openProjects().serviceHtml.set(collection, entries);
}

/** The collections noted since the last `forgetServiceHtml()`, with their entries. */
export const serviceHtmlSources = (): [string, () => Iterable<ServiceHtmlEntry>][] => [
  ...openProjects().serviceHtml,
];

/** Before a build's sync: an earlier build's stores in this process are not this one's. */
export function forgetServiceHtml(): void {
  openProjects().serviceHtml.clear();
}

/** Notes how `loader` (a live products loader) makes its pages. */
export function noteProductPages(loader: object, source: unknown): void {
  openProjects().productPages.set(loader, source);
}

/** What `noteProductPages()` noted for `loader`, if anything. */
export const productPagesNoted = (loader: object): unknown => openProjects().productPages.get(loader);
