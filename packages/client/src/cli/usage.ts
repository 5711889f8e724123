/** The top-level help of `sitecontent`: the commands, the connection settings and the exit codes. */
export const USAGE = `Usage: sitecontent [--base-url URL] [--key KEY] [--sid N] [--verbose] <command> ...
       sitecontent --version

Commands:
  get <products|modifications|sections|articles|meta|domain|domains> [filters] [--json]
  meta <pull|plan|push> ...        (sitecontent meta --help)
  purge [--site URL] [--products IDS] ...  drop cached pages of an on-demand site (sitecontent purge --help)
  changes --state FILE [--json]            what changed since FILE; exit 3 when something did (sitecontent changes --help)
  watch --state FILE --interval SECONDS    follow changes, purge their pages, post a build hook (sitecontent watch --help)
  preview-link product|article|section ID  a signed, expiring link showing a hidden record (sitecontent preview-link --help)
  search-index --out DIR                   the catalog's search index, for an on-demand site (sitecontent search-index --help)
  set product|modification|section|article ID field=value ... [--write]   change a record; a dry run
                                           without --write or SITECONTENT_WRITE=1 (sitecontent set --help)
  set meta MODULE ID field=value ... [--write]   change a page's meta tags
  create product|modification|section|article field=value ... [--write]   add a record (sitecontent create --help)
  delete product ID [--write]              remove a product with its modifications and meta
  domains check [--within DAYS]            the main domain active and paid past DAYS (default 30)

Connection (flags win over the environment, the environment over .env and .env.local here):
  --base-url URL   SITECONTENT_BASE_URL   service root; operations are under URL/v1/
  --key KEY        SITECONTENT_API_KEY    API key (never printed)
  --sid N          SITECONTENT_SID        site number
  SITECONTENT_RETRIES=N                   retries per request (default 4)

Debugging:
  --verbose        SITECONTENT_DEBUG=1    a line per request to the service on stderr: operation, status,
                                          milliseconds, bytes, retry number, URL (key=***)

Exit codes: 0 ok, 1 service or network error, 2 bad usage (sitecontent changes: 3 something changed;
set, create, delete: 3 something would change; domains check: 3 a problem).
`;
