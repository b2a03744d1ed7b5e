import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MarkdownView } from '@/features/ai/components/markdown-view';
import { parseMarkdown, safeHref } from '@/features/ai/lib/markdown';

const html = (source: string) => renderToStaticMarkup(<MarkdownView source={source} />);

describe('assistant Markdown', () => {
  it('renders paragraphs, bold, italic, inline code, headings, lists and code blocks as elements', () => {
    const out = html('# Summary\n\nYou have **two** listings, *both* `live`.\nSecond line.\n\n- one\n- two\n\n1. first\n2. second\n\n```\nconst x = 1;\n```');
    expect(out, 'a heading').toContain('<h3 class="text-lg font-semibold">Summary</h3>');
    expect(out, 'bold').toContain('<strong>two</strong>');
    expect(out, 'italic').toContain('<em>both</em>');
    expect(out, 'inline code').toMatch(/<code[^>]*>live<\/code>/);
    expect(out, 'lines of a paragraph keep their breaks').toContain('<br/>Second line.');
    expect(out, 'a bullet list').toMatch(/<ul[^>]*><li>one<\/li><li>two<\/li><\/ul>/);
    expect(out, 'a numbered list').toMatch(/<ol[^>]*><li>first<\/li><li>second<\/li><\/ol>/);
    expect(out, 'a code block').toMatch(/<pre[^>]*><code>const x = 1;<\/code><\/pre>/);
  });

  it('never produces markup from the text: HTML and scripts are shown as text', () => {
    const out = html('<script>alert(1)</script> and <img src=x onerror=alert(1)> **<b>x</b>**');
    expect(out, 'no script element').not.toContain('<script');
    expect(out, 'no img element').not.toContain('<img');
    expect(out, 'the text is escaped').toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(out, 'even inside bold').toContain('<strong>&lt;b&gt;x&lt;/b&gt;</strong>');
  });

  it('links only to http(s) addresses and app paths, opened safely', () => {
    const out = html('[docs](https://example.com/a) [listing](/listing/1) [bad](javascript:alert(1)) [data](data:text/html,x) [proto](//evil.example)');
    expect(out, 'an https link').toContain('<a href="https://example.com/a" class="text-primary underline underline-offset-2" target="_blank" rel="noopener noreferrer">docs</a>');
    expect(out, 'an app path link').toContain('href="/listing/1"');
    expect(out, 'javascript: is never a link').not.toMatch(/href="javascript/i);
    expect(out, 'data: is never a link').not.toContain('href="data:');
    expect(out, 'protocol-relative is never a link').not.toContain('href="//');
    expect(out, 'the unsafe link text stays as text').toContain('bad');
    expect(safeHref(' JavaScript:alert(1)'), 'any case of javascript: is refused').toBeNull();
  });

  it('degrades unfinished syntax while streaming to plain text', () => {
    expect(html('This is **unfinished'), 'an unclosed bold is text').toContain('This is **unfinished');
    expect(parseMarkdown('```\npartial code'), 'an unclosed fence is a code block').toEqual([{ kind: 'code', text: 'partial code' }]);
    expect(parseMarkdown(''), 'nothing renders nothing').toEqual([]);
  });
});
