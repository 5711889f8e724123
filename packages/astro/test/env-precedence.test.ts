// One precedence for settings from the environment, in the CLI and in every step of the
// integration: flags (options in code) over the process environment over `.env.local` over `.env`;
// a variable set empty in the environment turns a file's value off.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { readEnv } from '../src/build-time/integration/env-files.js';
import { purgeWrittenMeta } from '../src/build-time/integration/purge-written-meta.js';
import type { Project } from '../src/project/project.js';

const dir = mkdtempSync(path.join(tmpdir(), 'sitecontent-env-precedence-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => vi.unstubAllEnvs());

describe('environment precedence', () => {
  it("the integration reads by the CLI's rule: the environment over .env.local over .env", () => {
    writeFileSync(path.join(dir, '.env'), 'SITECONTENT_SID=1\nSITECONTENT_BASE_URL=http://env.test\n');
    writeFileSync(path.join(dir, '.env.local'), 'SITECONTENT_SID=2\nSITECONTENT_API_KEY=local\n');
    vi.stubEnv('SITECONTENT_API_KEY', 'process');
    vi.stubEnv('SITECONTENT_BASE_URL', '');
    const names = ['SITECONTENT_SID', 'SITECONTENT_API_KEY', 'SITECONTENT_BASE_URL'];
    const integration = readEnv(pathToFileURL(`${dir}/`), 'production', names);
    expect(integration).toEqual({
      SITECONTENT_SID: '2',
      SITECONTENT_API_KEY: 'process',
      SITECONTENT_BASE_URL: undefined,
    });
  });

  it('an empty variable in the environment turns off the purge a .env file names, as everywhere else', async () => {
    // The integration read the site and token from .env at config time (project.settings.env); the
    // environment of the build sets the token empty: no purge is attempted.
    vi.stubEnv('SITECONTENT_PURGE_TOKEN', '');
    const logger = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const project = {
      settings: {
        env: {
          SITECONTENT_SITE_URL: 'http://127.0.0.1:9',
          SITECONTENT_PURGE_TOKEN: 'from-dotenv-purge-token',
        },
      },
      client: () => ({ sections: { list: async () => [] } }),
    } as unknown as Project;
    const written = { updated: [{ md: 'goods', id: 1, fields: ['ttl' as const] }] };
    await purgeWrittenMeta(project, { report: written as never }, logger);
    expect(logger.warn).not.toHaveBeenCalled();
    expect(logger.info).not.toHaveBeenCalled();
  });
});
