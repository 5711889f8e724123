/**
 * What the service sends that the loaders load anyway, and warn about once: records whose section
 * it did not send, two records for one entry id, and its text in a warning, which must stay inert
 * in a terminal or a CI log.
 */
import { describe, expect, it } from 'vitest';
import { articlesLoader, productsLoader, sectionsLoader } from '../src/index.js';
import { emulatorPerTest, loadInto } from './helpers/index.js';

describe('collection loaders against the emulator: what they warn about and load anyway', () => {
  const service = emulatorPerTest();

  it('records whose section the service did not send are named once, and get no section', async () => {
    // As if the sections `phones` and `news` had been deleted: dir/Get no longer lists them.
    const gone = new Map<string, number>();
    const site = await service.siteThrough('dir/Get', (rows) =>
      rows.filter((r) => {
        if (r.tx !== 'phones' && r.tx !== 'news') return true;
        gone.set(String(r.tx), Number(r.id));
        return false;
      }),
    );
    const phonesId = () => gone.get('phones');
    const products = await loadInto(productsLoader(), { collection: 'products', root: site.root });
    const orphan = products.store.get('products', '1')!.data as { section: unknown; url: string };
    expect(orphan.section).toBeNull();
    const warnings = products.logs.lines.filter((l) => l.level === 'warn').map((l) => l.message);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      new RegExp(
        `^products: \\d+ record\\(s\\) name a section the service did not send as valid \\(catid ${phonesId()}\\): 1, .*; they get no section, and the default URL no section path$`,
      ),
    );
    const articles = await loadInto(articlesLoader(), { collection: 'articles', root: site.root });
    const inNews = articles.store
      .values('articles')
      .filter((entry) => (entry.data as { catid: number }).catid === gone.get('news'));
    expect(inNews.length).toBeGreaterThan(0);
    expect(inNews.every((entry) => (entry.data as { section: unknown }).section === null)).toBe(true);
    expect(articles.logs.lines.filter((l) => l.level === 'warn').map((l) => l.message)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^articles: ${inNews.length} record\\(s\\) name a section .* \\(catid ${gone.get('news')}\\)`,
        ),
      ),
    ]);
  });

  it('duplicate entry ids: the first record is kept and both are named in a warning', async () => {
    const site = await service.siteThrough('dir/Get', (rows) => {
      const phones = rows.find((r) => r.tx === 'phones')!;
      return [...rows, { ...phones, id: '999', zag: 'Impostor' }];
    });
    const t = await loadInto(sectionsLoader(), { collection: 'sections', root: site.root });
    const phones = t.store.get('sections', 'phones')!.data as { id: number; zag: string };
    expect(phones.zag).toBe('Phones');
    expect(t.logs.text()).toContain(
      `warn: sections: the service sent records ${phones.id} and 999 for the entry id "phones"; keeping ${phones.id}, the first one`,
    );
    expect(t.logs.text()).toMatch(/sections: 15 records .*14 written.*1 duplicates skipped/);
  });

  it('service text in warnings is inert: a hostile section address and record id', async () => {
    const attack = '\u001b]0;owned\u0007\u001b[2J\r\nbuild ok\u009b31m\u202e';
    const site = await service.siteThrough('dir/Get', (rows) => {
      const phones = rows.find((r) => r.tx === 'phones')!;
      return [
        ...rows,
        { ...phones, id: '901', tx: attack },
        { ...phones, id: '902', tx: attack },
        { ...phones, id: `${attack}${'9'.repeat(5000)}` },
      ];
    });
    const t = await loadInto(sectionsLoader({ onInvalid: 'skip' }), {
      collection: 'sections',
      root: site.root,
    });
    expect(t.store.get('sections', attack)).toBeDefined();
    const warnings = t.logs.lines.filter((l) => l.level === 'warn').map((l) => l.message);
    expect(warnings).toHaveLength(2);
    expect(warnings.join('\n')).toContain('records 901 and 902 for the entry id "\\u001b]0;owned\\u0007');
    expect(warnings.join('\n')).toContain('skipping record \\u001b]0;owned');
    for (const warning of warnings) {
      expect(warning).not.toMatch(/[\p{Cc}\u202a-\u202e\u2066-\u2069]/u);
      expect(warning.length).toBeLessThan(1000);
    }
  });
});
