import { describe, expect, it } from 'vitest';
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
