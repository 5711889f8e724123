/**
 * The dev toolbar app, a browser module Astro's toolbar loads in `astro dev`: the requests this dev
 * server sent to the service, each collection's last sync, the changes seen and pending, and a
 * button that refreshes every collection. It asks the server for its state when opened and every
 * 2 s while open; the server also sends it after each read and refresh (dev-toolbar.ts).
 */
import { defineToolbarApp } from 'astro/toolbar';
import { ASK_EVENT, type DevSnapshot, REFRESH_EVENT, STATE_EVENT } from './toolbar-messages.js';

/** How often the open app asks for the state. */
const ASK_EVERY_MS = 2_000;

/** The DOM the app uses of its canvas (the package compiles without the DOM library). */
interface Canvas {
  innerHTML: string;
  querySelector(selector: string): { addEventListener(type: 'click', listener: () => void): void } | null;
}

const esc = (value: unknown): string =>
  String(value).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/** `4 s ago`, `3 min ago`. */
function ago(at: number): string {
  const s = Math.max(0, Math.round((Date.now() - at) / 1000));
  return s < 120 ? `${s} s ago` : `${Math.round(s / 60)} min ago`;
}

const STYLE = `<style>
  .sc { font-size: 13px; line-height: 1.5; max-height: 70vh; overflow: auto; }
  .sc h2 { font-size: 14px; margin: 12px 0 4px; }
  .sc table { border-collapse: collapse; width: 100%; }
  .sc th, .sc td { text-align: left; padding: 1px 8px 1px 0; font-variant-numeric: tabular-nums; }
  .sc .bad { color: #f87171; }
  .sc .head { display: flex; gap: 12px; align-items: center; justify-content: space-between; }
</style>`;

function followPart(state: DevSnapshot): string {
  const { follow } = state;
  const every =
    follow.everyMs === false
      ? 'off (<code>dev.followCatalog: false</code>)'
      : `every ${Math.round(follow.everyMs / 1000)} s`;
  const read = follow.lastRead;
  const lastRead = read
    ? `last read ${ago(read.at)}: ${read.products} products, ${read.sections} sections, ${read.articles} articles, ` +
      `${read.requests} requests, ${read.ms} ms`
    : 'not read yet';
  const seen = follow.seen.length
    ? `<ul data-part="seen">${follow.seen
        .map((c) => `<li>${esc(c.name)} · ${ago(c.at)}${c.refreshed ? ' · refreshed' : ' · pending'}</li>`)
        .join('')}</ul>`
    : '<p data-part="seen">none since the dev server started</p>';
  const last = follow.lastRefresh;
  const refresh = last
    ? `<p data-part="last-refresh">Last refresh ${ago(last.at)} (${last.all ? 'every collection' : esc(last.loaders.join(', '))}): ` +
      `${last.ok ? 'done' : `<span class="bad">failed: ${esc(last.message)}</span>`}</p>`
    : '';
  return (
    `<h2>Following the catalog</h2><p>${every}; ${lastRead}${follow.busy ? ' · working…' : ''}</p>` +
    (follow.problem ? `<p class="bad">${esc(follow.problem)}</p>` : '') +
    `<p>Changes seen:</p>${seen}` +
    `<p>Pending: <span data-part="pending">${follow.pending.length ? esc(follow.pending.join(', ')) : 'none'}</span></p>` +
    refresh
  );
}

function syncsPart(state: DevSnapshot): string {
  const rows = state.syncs
    .map(
      (s) =>
        `<tr data-collection="${esc(s.collection)}"><td>${esc(s.collection)}</td>` +
        `<td>${s.outcome === 'kept' ? `<span class="bad" title="${esc(s.message ?? '')}">kept (service failed)</span>` : 'synced'}</td>` +
        `<td>${s.records}</td><td>${s.written}</td><td>${s.unchanged}</td><td>${s.removed}</td><td>${s.invalid}</td>` +
        `<td>${s.ms} ms, ${ago(s.at)}</td></tr>`,
    )
    .join('');
  return (
    '<h2>Collections: last sync</h2><table data-part="syncs"><tr><th>collection</th><th></th><th>records</th>' +
    `<th>written</th><th>unchanged</th><th>removed</th><th>invalid</th><th>when</th></tr>${rows}</table>`
  );
}

function requestsPart(state: DevSnapshot): string {
  const { requests } = state;
  const operations = Object.entries(requests.byOperation)
    .map(([operation, statuses]) => {
      const count = Object.values(statuses).reduce((sum, n) => sum + n, 0);
      const parts = Object.entries(statuses).map(
        ([status, n]) => `${status === '0' ? 'no answer' : status} ×${n}`,
      );
      return `<tr data-operation="${esc(operation)}" data-count="${count}"><td>${esc(operation)}</td><td>${count}</td><td>${esc(parts.join(', '))}</td></tr>`;
    })
    .join('');
  const recent = requests.recent
    .slice(0, 30)
    .map(
      (r) =>
        `<tr><td>${esc(r.operation)}</td><td${r.status >= 400 || r.status === 0 ? ' class="bad"' : ''}>${r.status === 0 ? 'no answer' : r.status}</td>` +
        `<td>${r.ms} ms</td><td>${r.retry}</td><td>${ago(r.at)}</td></tr>`,
    )
    .join('');
  return (
    `<h2>Requests to the service: <span data-part="total">${requests.total}</span> (${requests.retries} retries)</h2>` +
    `<table data-part="operations"><tr><th>operation</th><th>requests</th><th>statuses</th></tr>${operations}</table>` +
    '<h2>Latest requests</h2><table data-part="recent"><tr><th>operation</th><th>status</th><th>time</th>' +
    `<th>retry</th><th>when</th></tr>${recent}</table>`
  );
}

function render(canvas: Canvas, state: DevSnapshot | undefined, onRefresh: () => void): void {
  const body = state
    ? `<div class="head"><strong>Site Content</strong><button data-action="refresh"${state.follow.busy ? ' disabled' : ''}>${state.follow.busy ? 'Refreshing…' : 'Refresh now'}</button></div>` +
      followPart(state) +
      syncsPart(state) +
      requestsPart(state)
    : '<p>Asking the dev server…</p>';
  canvas.innerHTML = `${STYLE}<astro-dev-toolbar-window><div class="sc" data-app="sitecontent">${body}</div></astro-dev-toolbar-window>`;
  canvas.querySelector('[data-action="refresh"]')?.addEventListener('click', onRefresh);
}

export default defineToolbarApp({
  init(canvas: Canvas, app, server) {
    let state: DevSnapshot | undefined;
    let timer: ReturnType<typeof setInterval> | undefined;
    const ask = () => server.send(ASK_EVENT, {});
    const refresh = () => {
      if (state) state.follow.busy = true;
      render(canvas, state, refresh);
      server.send(REFRESH_EVENT, {});
    };
    server.on<DevSnapshot>(STATE_EVENT, (next) => {
      state = next;
      render(canvas, state, refresh);
    });
    app.onToggled(({ state: open }) => {
      clearInterval(timer);
      if (!open) return;
      ask();
      timer = setInterval(ask, ASK_EVERY_MS);
    });
    render(canvas, state, refresh);
  },
});
