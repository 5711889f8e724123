// Copies the repository's contributor documents (docs/architecture.md, docs/interface.md: code
// comments cite them by those paths) into the site at each build, as pages with a title, their links
// to repository files turned into links to the repository. The copies are build output (gitignored).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';

const REPOSITORY = 'https://github.com/sitecontent/sitecontent-astro/blob/main/';
const PAGES = [
  {
    from: 'architecture.md',
    to: 'architecture.md',
    description: 'How the packages are built, for contributors.',
  },
  {
    from: 'interface.md',
    to: 'interface.md',
    description: "The service's interface as the client reads it.",
  },
];

/** `text` with its first `# Title` taken out as the title, and repository links made absolute. */
function asPage(text, description, docsDir) {
  const title = /^# (.+)$/m.exec(text)?.[1] ?? 'Untitled';
  const body = text
    .replace(/^# .+\n/m, '')
    // A link to a file of the repository (not to a page of this site, not an anchor) goes to GitHub.
    .replace(
      /\]\((?!https?:|#|\/)([^)\s]+)\)/g,
      (_, target) => `](${new URL(target, new URL('docs/', REPOSITORY)).href})`,
    );
  return `---\ntitle: ${JSON.stringify(title)}\ndescription: ${JSON.stringify(description)}\neditUrl: ${REPOSITORY.replace('/blob/', '/edit/')}docs/${docsDir}\n---\n${body}`;
}

export function contributorPages() {
  return {
    name: 'sitecontent-contributor-pages',
    hooks: {
      'astro:config:setup': ({ config }) => {
        const docs = new URL('./', config.root);
        const out = new URL('src/content/docs/contributing/', config.root);
        mkdirSync(out, { recursive: true });
        for (const page of PAGES) {
          const text = readFileSync(new URL(page.from, docs), 'utf8');
          writeFileSync(new URL(page.to, out), asPage(text, page.description, page.from));
        }
      },
    },
  };
}
