/** The moved pages a loader's entries write their links by: the project's URL history and the sync's sections. */
import type { LoaderContext } from 'astro/loaders';
import { type MovedPages, movedPagesOf } from '../../entries/moved-pages.js';
import { urlStyleOf } from '../../entries/page-url.js';
import { projectAt } from '../../project/open-projects.js';

export function movedLinks(ctx: LoaderContext, sections: Iterable<{ id: number; url: string }>): MovedPages {
  return movedPagesOf(projectAt(ctx.config.root).urlHistory, sections, urlStyleOf(ctx.config));
}
