// Changes a share of the catalog's products behind the loaders' back, through the service's own write
// operation (goods/Set over HTTP), as an editor would between two builds.
import { apiUrl } from './request-set.mjs';

/**
 * @param {{ baseUrl: string, key: string, sid: number }} conn
 * @returns {Promise<any[]>} the products as the service lists them (wire records)
 */
export async function listProducts({ baseUrl, key, sid }) {
  const res = await fetch(apiUrl(baseUrl, 'goods/Get', { key, sid }));
  if (!res.ok) throw new Error(`goods/Get: HTTP ${res.status}`);
  return /** @type {Promise<any[]>} */ (res.json());
}

/**
 * Renames `fraction` of the visible products (at least one), evenly spread over the catalog. Only
 * visible ones: every loader here leaves out `shw = 0` products, so a change there would rightly
 * change nothing. Returns how many were changed.
 * @param {{ baseUrl: string, key: string, sid: number }} conn
 * @param {any[]} products
 * @param {number} fraction
 * @param {string} tag appended to each title, so every round is a real change
 */
export async function changeProducts(conn, products, fraction, tag) {
  const count = Math.max(1, Math.round(products.length * fraction));
  const visible = products.filter((p) => String(p.shw) === '1' || p.shw === true);
  const step = visible.length / count;
  const chosen = Array.from({ length: count }, (_, i) => visible[Math.floor(i * step)]);
  const change = async (p) => {
    const body = new URLSearchParams({ sid: String(conn.sid), id: String(p.id) });
    body.set('param[zag]', `${p.zag} (${tag})`);
    const res = await fetch(apiUrl(conn.baseUrl, 'goods/Set', { key: conn.key }), { method: 'POST', body });
    const text = await res.text();
    if (!res.ok) throw new Error(`goods/Set ${p.id}: HTTP ${res.status} ${text.slice(0, 200)}`);
  };
  // A few at a time: with injected latency, one after the other would take seconds per hundred.
  for (let i = 0; i < chosen.length; i += 8) await Promise.all(chosen.slice(i, i + 8).map(change));
  return chosen.length;
}
