import { describe, expect, it, vi } from 'vitest';
import { plainText, sanitizeHtml } from '../src/index.js';

describe('sanitizeHtml', () => {
  it('removes scripts, event handlers and javascript: URLs', () => {
    const out = sanitizeHtml(
      '<p onclick="steal()">Hi<script>alert(1)</script></p><a href="javascript:alert(2)">x</a><img src="x.png" onerror="alert(3)">',
    );
    expect(out).not.toMatch(/script|onclick|onerror|javascript:/i);
    expect(out).toContain('<p>Hi</p>');
    expect(out).toContain('<img src="x.png" />');
  });

  it('keeps ordinary content markup, images and links', () => {
    const html =
      '<h2>Title</h2><p><strong>Bold</strong> <em>it</em> <a href="https://example.com/a" title="t">link</a></p>' +
      '<ul><li>one</li></ul><img src="/images/a.jpg" alt="A" width="100"><table><tr><td colspan="2">c</td></tr></table>';
    const out = sanitizeHtml(html);
    for (const piece of [
      '<h2>Title</h2>',
      '<strong>Bold</strong>',
      'href="https://example.com/a"',
      '<li>one</li>',
      'alt="A"',
      'colspan="2"',
    ]) {
      expect(out).toContain(piece);
    }
  });

  it('drops iframes, forms and styles that load things', () => {
    const out = sanitizeHtml(
      '<iframe src="https://evil"></iframe><form><input></form><p style="background:url(x)">t</p>',
    );
    expect(out).not.toMatch(/iframe|form|input|url\(/);
  });

  it('prefixes ids and classes, so content cannot clobber or restyle the page around it', () => {
    const out = sanitizeHtml(
      '<p id="main" class="hidden note">x</p><a href="#intro">to intro</a><h2 id="intro">I</h2><a name="top">t</a>',
    );
    expect(out).toBe(
      '<p id="sc-main" class="sc-hidden sc-note">x</p><a href="#sc-intro">to intro</a><h2 id="sc-intro">I</h2><a name="sc-top">t</a>',
    );
  });

  it('keeps only text styling in style attributes', () => {
    const out = sanitizeHtml(
      '<p style="position:fixed;top:0;z-index:9;width:9999px;background:url(x);color:#c00;text-align:center;font-weight:bold">x</p>',
    );
    expect(out).toBe('<p style="color:#c00;text-align:center;font-weight:bold">x</p>');
  });

  it('forces rel="noopener noreferrer" on links that open a new tab', () => {
    expect(sanitizeHtml('<a href="https://x.example/" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://x.example/" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeHtml('<a href="https://x.example/" rel="nofollow">x</a>')).toBe(
      '<a href="https://x.example/" rel="nofollow">x</a>',
    );
  });

  it('allows data: URLs only for raster images, and no protocol-relative URLs', () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    const out = sanitizeHtml(
      `<img src="data:text/html;base64,PHNjcmlwdD4=" alt="html"><img src="data:image/svg+xml;base64,PHN2Zz4=" alt="svg">` +
        `<img src="${png}" alt="png"><img srcset="data:image/png;base64,AAA 1x, /a.png 2x" src="/a.png">` +
        '<a href="//evil.example/x">p</a><img src="//evil.example/i.png" alt="p"><a href="/ok">ok</a>',
    );
    expect(out).toBe(
      `<img src="${png}" alt="png" /><img srcset="data:image/png;base64,AAA 1x, /a.png 2x" src="/a.png" />` +
        '<a>p</a><a href="/ok">ok</a>',
    );
  });

  it('keeps only raster data: candidates in an image srcset, and no data: URL elsewhere', () => {
    const svg = 'data:image/svg+xml;base64,PHN2Zz4=';
    const html = 'data:text/html;base64,PHNjcmlwdD4=';
    expect(sanitizeHtml(`<img srcset="${svg} 1x, /a.png 2x, ${html} 640w" src="/a.png">`)).toBe(
      '<img srcset="/a.png 2x" src="/a.png" />',
    );
    expect(sanitizeHtml(`<img srcset="${svg} 1x,${html} 2x" src="/a.png">`)).toBe('<img src="/a.png" />');
    // Commas inside a data: URL are part of it, not candidate separators.
    expect(sanitizeHtml(`<img srcset="DATA:image/svg+xml;utf8,<svg>,x 1x, /b.png 480w" src="/a.png">`)).toBe(
      '<img srcset="/b.png 480w" src="/a.png" />',
    );
    expect(sanitizeHtml(`<picture><source srcset="data:image/png;base64,AAA 1x, /a.png 2x"></picture>`)).toBe(
      '<picture><source srcset="/a.png 2x"></source></picture>',
    );
  });

  it('drops a srcset candidate with invalid descriptors without printing the service text', () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    try {
      expect(sanitizeHtml('<img srcset="/a.png 2x 3x, /b.png 1x" src="/a.png">')).toBe(
        '<img srcset="/b.png 1x" src="/a.png" />',
      );
      expect(sanitizeHtml('<img srcset="/a.png \u001b]0;owned\u0007 2x" src="/a.png">')).toBe(
        '<img src="/a.png" />',
      );
      expect(log).not.toHaveBeenCalled();
      expect(console.log).toBe(log);
    } finally {
      log.mockRestore();
    }
  });

  it('returns text without markup unchanged', () => {
    expect(sanitizeHtml('plain & simple')).toBe('plain & simple');
  });
});

describe('plainText', () => {
  it('drops tags, decodes entities and collapses whitespace', () => {
    expect(plainText('<p>One&nbsp;&amp;</p>\n<p>two &#8212; &#x41;</p><script>x()</script>')).toBe(
      'One & two — A',
    );
  });
});
