/** Writes of sections, articles and page meta: every writable field, addresses that follow the tree. */
import { describe, expect, it } from 'vitest';
import { useFreshTestEmulator } from './helpers/index.js';
import { read, write } from './helpers/writes.js';

describe('write operations', () => {
  const emu = useFreshTestEmulator();

  it('dir/Write and dir/Set: every writable field; url follows the tree; tx unique; par must exist', async () => {
    const created = await write(
      emu,
      'dir/Write',
      {},
      {
        tx: 'tablets',
        par: 'catalog',
        zag: 'Tablets',
        txt: '<p>Tablets</p>',
        rlv: 55,
        shw: 1,
        tp: 'catalog',
      },
    );
    const id = Number(created.json[0].id);
    expect(await read(emu, 'dir/Get', { id })).toEqual([
      {
        id: String(id),
        tx: 'tablets',
        par: 'catalog',
        zag: 'Tablets',
        txt: '<p>Tablets</p>',
        url: '/catalog/tablets',
        rlv: '55',
        shw: '1',
        tp: 'catalog',
      },
    ]);
    const child = await write(emu, 'dir/Write', {}, { tx: 'e-readers', par: 'tablets', zag: 'E-readers' });
    expect(await read(emu, 'dir/Get', { tx: 'e-readers' })).toMatchObject([
      { url: '/catalog/tablets/e-readers' },
    ]);
    // Renaming a section carries its children along.
    expect((await write(emu, 'dir/Set', { id }, { tx: 'slates' })).json).toEqual([{ message: 'Ok' }]);
    expect(await read(emu, 'dir/Get', { id: Number(child.json[0].id) })).toMatchObject([
      { par: 'slates', url: '/catalog/slates/e-readers' },
    ]);

    const duplicate = await write(emu, 'dir/Write', {}, { tx: 'phones' });
    expect(duplicate.status).toBe(400);
    expect(duplicate.json[0]).toMatchObject({
      error: 'invalid_param',
      message: expect.stringContaining('param[tx]'),
    });
    const renameClash = await write(emu, 'dir/Set', { id }, { tx: 'phones' });
    expect(renameClash.status).toBe(400);
    const orphan = await write(emu, 'dir/Write', {}, { tx: 'lost', par: 'nowhere' });
    expect(orphan.status).toBe(400);
    expect(orphan.json[0].message).toContain('param[par]');
    const cycle = await write(emu, 'dir/Set', { id }, { par: 'e-readers' });
    expect(cycle.status).toBe(400);
    expect((await write(emu, 'dir/Set', { id: 99_999 }, { zag: 'x' })).status).toBe(404);
    expect((await write(emu, 'dir/Write', {}, { zag: 'No tx' })).json[0].message).toContain('param[tx]');
  });

  it('a section address may be of any script, as the demo shop’s `café` is; not of spaces or slashes', async () => {
    const created = await write(emu, 'dir/Write', {}, { tx: 'кофе', par: 'catalog', zag: 'Кофе' });
    expect(created.status).toBe(200);
    expect(await read(emu, 'dir/Get', { tx: 'кофе' })).toMatchObject([{ url: '/catalog/кофе' }]);
    // A combining mark (e + U+0301) is part of a letter.
    expect((await write(emu, 'dir/Write', {}, { tx: 'cafe\u0301-2' })).status).toBe(200);
    for (const tx of ['a b', 'a/b', '-lead', '']) {
      expect((await write(emu, 'dir/Write', {}, { tx })).status, tx).toBe(400);
    }
  });

  it('article/Write and article/Update: every writable field', async () => {
    const created = await write(
      emu,
      'article/Write',
      {},
      { catid: 13, zag: 'Opening', stxt: 'Teaser', txt: '<p>Body</p>', shw: 0 },
    );
    const id = Number(created.json[0].id);
    expect(await read(emu, 'article/Get', { id })).toEqual([
      {
        id: String(id),
        catid: '13',
        zag: 'Opening',
        stxt: 'Teaser',
        txt: '<p>Body</p>',
        url: `/news/${id}`,
        shw: '0',
        dt: expect.stringMatching(/^\d+$/),
      },
    ]);
    expect((await write(emu, 'article/Update', { id }, { catid: 12, shw: 1 }, 'json')).json).toEqual([
      { message: 'Ok' },
    ]);
    expect(await read(emu, 'article/Get', { id })).toMatchObject([
      { catid: '12', url: `/blog/${id}`, shw: '1' },
    ]);
    expect((await write(emu, 'article/Update', { id: 99_999 }, { zag: 'x' })).status).toBe(404);
  });

  it('meta/Set upserts for (sid, md, id); only the given fields change', async () => {
    expect(await read(emu, 'meta/Get', { md: 'goods', id: 6 })).toEqual([]);
    const first = await write(
      emu,
      'meta/Set',
      { md: 'goods', id: 6 },
      { ttl: 'Title', dsc: 'Description', kwd: 'k', og_title: 'OG', og_image: '/x.svg' },
    );
    expect(first.json).toEqual([{ message: 'Ok' }]);
    expect(await read(emu, 'meta/Get', { md: 'goods', id: 6 })).toEqual([
      {
        id: '6',
        md: 'goods',
        ttl: 'Title',
        dsc: 'Description',
        kwd: 'k',
        og_title: 'OG',
        og_image: '/x.svg',
      },
    ]);
    await write(emu, 'meta/Set', { md: 'goods', id: 6 }, { ttl: 'New title' }, 'json');
    expect(await read(emu, 'meta/Get', { md: 'goods', id: 6 })).toMatchObject([
      { ttl: 'New title', dsc: 'Description' },
    ]);
    // Another module with the same id is another page.
    expect(await read(emu, 'meta/Get', { md: 'dir', id: 6 })).toMatchObject([{ md: 'dir' }]);
    expect(await read(emu, 'meta/Get', { md: 'news', id: 6 })).toEqual([]);
  });
});
