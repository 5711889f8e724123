/** The moved pages a loader's entries write their links by: the project's URL history and the sync's sections. */
import type { LoaderContext } from 'astro/loaders';
import { findMovedPages, type MovedPages } from '../../entries/moved-pages.js';
import { readUrlStyle } from '../../entries/page-url.js';
import { projectAt } from '../../project/open-projects.js';

export function movedLinks(ctx: LoaderContext, sections: Iterable<{ id: number; url: string }>): MovedPages {
  return findMovedPages(projectAt(ctx.config.root).urlHistory, sections, readUrlStyle(ctx.config));
}
