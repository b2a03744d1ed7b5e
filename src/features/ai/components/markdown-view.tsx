import { Fragment, type ReactNode } from 'react';
import { parseMarkdown, type Block, type Inline } from '@/features/ai/lib/markdown';

/**
 * The assistant's Markdown as React elements (no HTML strings anywhere, so
 * nothing in an answer can become markup or script).
 */
export function MarkdownView({ source }: { source: string }) {
  return <div className="flex flex-col gap-2 text-sm leading-relaxed break-words">{parseMarkdown(source).map(renderBlock)}</div>;
}

const HEADING_CLASSES = ['text-lg font-semibold', 'text-base font-semibold', 'text-sm font-semibold'];

function renderBlock(block: Block, key: number): ReactNode {
  switch (block.kind) {
    case 'heading': {
      // Answers sit inside the page's own headings: # becomes h3 and deeper ones h4–h6.
      const Tag = (['h3', 'h4', 'h5', 'h6'] as const)[Math.min(block.level - 1, 3)];
      return (
        <Tag key={key} className={HEADING_CLASSES[Math.min(block.level - 1, 2)]}>
          {renderInlines(block.children)}
        </Tag>
      );
    }
    case 'paragraph':
      return (
        <p key={key}>
          {block.lines.map((line, i) => (
            <Fragment key={i}>
              {i > 0 && <br />}
              {renderInlines(line)}
            </Fragment>
          ))}
        </p>
      );
    case 'list': {
      const Tag = block.ordered ? 'ol' : 'ul';
      return (
        <Tag key={key} className={`${block.ordered ? 'list-decimal' : 'list-disc'} flex flex-col gap-1 pl-5`}>
          {block.items.map((item, i) => (
            <li key={i}>{renderInlines(item)}</li>
          ))}
        </Tag>
      );
    }
    case 'code':
      return (
        <pre key={key} className="bg-muted overflow-x-auto rounded-md p-3 font-mono text-xs">
          <code>{block.text}</code>
        </pre>
      );
  }
}

function renderInlines(inlines: Inline[]): ReactNode {
  return inlines.map((inline, i) => {
    switch (inline.kind) {
      case 'text':
        return <Fragment key={i}>{inline.text}</Fragment>;
      case 'code':
        return (
          <code key={i} className="bg-muted rounded px-1 font-mono text-xs">
            {inline.text}
          </code>
        );
      case 'strong':
        return <strong key={i}>{renderInlines(inline.children)}</strong>;
      case 'em':
        return <em key={i}>{renderInlines(inline.children)}</em>;
      case 'link':
        return (
          <a key={i} href={inline.href} className="text-primary underline underline-offset-2" target="_blank" rel="noopener noreferrer">
            {renderInlines(inline.children)}
          </a>
        );
    }
  });
}
