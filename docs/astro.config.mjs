// The documentation site (Starlight): `npm run docs:build` → docs/dist/, `npm run docs:dev`.
// The reference is generated at each build from the packages' entry points and their doc comments
// (starlight-typedoc), so it cannot drift from the code; the contributors' pages are the repository's
// docs/architecture.md and docs/interface.md, copied in at each build (contributor-pages.mjs). A
// broken internal link or anchor fails the build (starlight-links-validator); Pagefind indexes it.
import { fileURLToPath } from 'node:url';
import starlight from '@astrojs/starlight';
import { defineConfig } from 'astro/config';
import starlightLinksValidator from 'starlight-links-validator';
import { createStarlightTypeDocPlugin } from 'starlight-typedoc';
import { contributorPages } from './contributor-pages.mjs';

const [astroReference, astroReferenceSidebar] = createStarlightTypeDocPlugin();
const [clientReference, clientReferenceSidebar] = createStarlightTypeDocPlugin();
const [changesReference, changesReferenceSidebar] = createStarlightTypeDocPlugin();
const [searchReference, searchReferenceSidebar] = createStarlightTypeDocPlugin();
const [emulatorReference, emulatorReferenceSidebar] = createStarlightTypeDocPlugin();

/**
 * TypeDoc's settings for one entry of a package (its main entry, or `subpath` such as `changes`,
 * whose source is `src/<subpath>/index.ts`), documented as users import it.
 */
const reference = (pkg, output, subpath) => ({
  entryPoints: [
    fileURLToPath(new URL(`../packages/${pkg}/src/${subpath ? `${subpath}/` : ''}index.ts`, import.meta.url)),
  ],
  tsconfig: fileURLToPath(new URL(`../packages/${pkg}/tsconfig.build.json`, import.meta.url)),
  output,
  sidebar: { label: `@sitecontent/${pkg}${subpath ? `/${subpath}` : ''}`, collapsed: true },
  typeDoc: {
    name: `@sitecontent/${pkg}${subpath ? `/${subpath}` : ''}`,
    excludePrivate: true,
    excludeInternal: true,
    readme: 'none',
    parametersFormat: 'table',
    propertiesFormat: 'table',
    typeDeclarationFormat: 'table',
    sanitizeComments: true,
    // Options' defaults are in their descriptions (`@default`); the column would show schema code.
    tableColumnSettings: { hideDefaults: true },
    disableSources: true,
  },
});

export default defineConfig({
  site: 'https://sitecontent.github.io',
  trailingSlash: 'always',
  integrations: [
    contributorPages(),
    starlight({
      title: 'Site Content for Astro',
      description:
        'Build an Astro storefront from a hosted content service: typed collections, SEO, on-demand pages on every host.',
      social: [{ icon: 'github', label: 'GitHub', href: 'https://github.com/sitecontent/sitecontent-astro' }],
      editLink: { baseUrl: 'https://github.com/sitecontent/sitecontent-astro/edit/main/docs/' },
      lastUpdated: false,
      // The not-found page is src/pages/404.astro: Starlight's own route warns at each build that
      // there is no `404` docs entry, and with one it collides with the docs route.
      disable404Route: true,
      plugins: [
        starlightLinksValidator({ errorOnRelativeLinks: false, exclude: [] }),
        astroReference(reference('astro', 'reference/astro')),
        clientReference(reference('client', 'reference/client')),
        changesReference(reference('client', 'reference/client-changes', 'changes')),
        searchReference(reference('astro', 'reference/astro-search', 'search')),
        emulatorReference(reference('emulator', 'reference/emulator')),
      ],
      sidebar: [
        { label: 'Start', items: [{ autogenerate: { directory: 'start' } }] },
        { label: 'Guides', items: [{ autogenerate: { directory: 'guides' } }] },
        { label: 'Recipes', items: [{ autogenerate: { directory: 'recipes' } }] },
        { label: 'Deploy', items: [{ autogenerate: { directory: 'deploy' } }] },
        { label: 'The client', items: [{ autogenerate: { directory: 'client' } }] },
        {
          label: 'Reference',
          items: [
            { label: 'Command line', link: '/reference/cli/' },
            astroReferenceSidebar,
            searchReferenceSidebar,
            clientReferenceSidebar,
            changesReferenceSidebar,
            emulatorReferenceSidebar,
          ],
        },
        { label: 'Contributing', items: [{ autogenerate: { directory: 'contributing' } }] },
      ],
    }),
  ],
});
