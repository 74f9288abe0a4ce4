import { describe, expect, it } from 'vitest';
import { cleanOperatorHtml } from './operator-html';

describe('operator HTML is cleaned before it is stored', () => {
  it('keeps headings, lists, emphasis and safe links', () => {
    const html = '<h3>Rules</h3><ol><li><b>18+</b> only</li></ol><a href="https://x.example">x</a>';
    expect(cleanOperatorHtml(html)).toBe(
      '<h3>Rules</h3><ol><li><b>18+</b> only</li></ol><a href="https://x.example" rel="noopener noreferrer" target="_blank">x</a>',
    );
  });

  it('drops scripts, event handlers, inline styles, frames and javascript: links', () => {
    const html =
      '<p onclick="steal()" style="color:red">hi</p><script>steal()</script>' +
      '<iframe src="https://evil.example"></iframe><a href="javascript:steal()">x</a>' +
      '<img src="x" onerror="steal()">';
    const clean = cleanOperatorHtml(html);
    // A relative src stays: it can only point at this site.
    expect(clean).toBe(
      '<p>hi</p><a rel="noopener noreferrer" target="_blank">x</a><img src="x" />',
    );
    expect(clean).not.toMatch(/script|onclick|onerror|iframe|javascript|style/);
  });
});
