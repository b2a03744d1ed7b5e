/**
 * A small Markdown parser for the assistant's answers: paragraphs, headings,
 * bullet and numbered lists, fenced code blocks, **bold**, *italic*, `code`
 * and links. It produces plain data (never HTML), which the renderer turns into
 * React elements, so model output can never inject markup or scripts.
 * Unfinished syntax (an answer still streaming) degrades to plain text.
 */

export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'code'; text: string }
  | { kind: 'strong'; children: Inline[] }
  | { kind: 'em'; children: Inline[] }
  | { kind: 'link'; href: string; children: Inline[] };

export type Block =
  | { kind: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; children: Inline[] }
  | { kind: 'paragraph'; lines: Inline[][] }
  | { kind: 'list'; ordered: boolean; items: Inline[][] }
  | { kind: 'code'; text: string };

/** Links may go to http(s) addresses or to app paths ("/listing/…"); anything else (javascript:, data:, //host) is shown as text. */
export function safeHref(href: string): string | null {
  const value = href.trim();
  if (/^https?:\/\/[^\s]+$/i.test(value)) return value;
  if (/^\/(?![/\\])[^\s]*$/.test(value)) return value;
  return null;
}

// `code`, **bold**, __bold__, *italic*, _italic_, [text](href) — the earliest match wins.
const INLINE = /`([^`\n]+)`|\*\*(.+?)\*\*|__(.+?)__|\*(?!\s)([^*\n]+?)\*|\b_(?!\s)([^_\n]+?)_\b|\[([^\]\n]+)\]\(([^)\s]+)\)/;

export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let rest = text;
  while (rest.length > 0) {
    const match = INLINE.exec(rest);
    if (!match) {
      out.push({ kind: 'text', text: rest });
      break;
    }
    if (match.index > 0) out.push({ kind: 'text', text: rest.slice(0, match.index) });
    const [whole, code, bold, bold2, em, em2, linkText, href] = match;
    if (code !== undefined) out.push({ kind: 'code', text: code });
    else if (bold !== undefined || bold2 !== undefined) out.push({ kind: 'strong', children: parseInline(bold ?? bold2) });
    else if (em !== undefined || em2 !== undefined) out.push({ kind: 'em', children: parseInline(em ?? em2) });
    else {
      const safe = safeHref(href);
      out.push(safe ? { kind: 'link', href: safe, children: parseInline(linkText) } : { kind: 'text', text: linkText });
    }
    rest = rest.slice(match.index + whole.length);
  }
  return out;
}

const FENCE = /^\s*(```|~~~)/;
const HEADING = /^(#{1,6})\s+(.*)$/;
const BULLET = /^\s*[-*+]\s+(.*)$/;
const NUMBERED = /^\s*\d{1,9}[.)]\s+(.*)$/;

export function parseMarkdown(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let paragraph: Inline[][] = [];
  const flush = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', lines: paragraph });
    paragraph = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (FENCE.test(line)) {
      flush();
      const code: string[] = [];
      // An unclosed fence (still streaming) runs to the end of the answer.
      while (++i < lines.length && !FENCE.test(lines[i])) code.push(lines[i]);
      blocks.push({ kind: 'code', text: code.join('\n') });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      flush();
      blocks.push({ kind: 'heading', level: heading[1].length as 1 | 2 | 3 | 4 | 5 | 6, children: parseInline(heading[2].trim()) });
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    if (bullet || numbered) {
      flush();
      const ordered = !!numbered;
      const item = parseInline((bullet ?? numbered)![1]);
      const last = blocks.at(-1);
      if (last?.kind === 'list' && last.ordered === ordered) last.items.push(item);
      else blocks.push({ kind: 'list', ordered, items: [item] });
      continue;
    }
    if (line.trim() === '') {
      flush();
      // A blank line ends a list, so a following list starts afresh.
      if (blocks.at(-1)?.kind === 'list') blocks.push({ kind: 'paragraph', lines: [] });
      continue;
    }
    paragraph.push(parseInline(line.trim()));
  }
  flush();
  return blocks.filter((b) => b.kind !== 'paragraph' || b.lines.length > 0);
}
