import { useRef } from 'react';
import { insertField } from '@/features/party-messages/lib/merge-fields';

type TextControl = HTMLInputElement | HTMLTextAreaElement;

/**
 * Where a picked merge field goes: the cursor of the subject or the body,
 * whichever was focused last (the body until then). Returns the refs and
 * focus handlers to give both controls, and `insert`, which calls the
 * setter of that control with the new text and puts the cursor after the field.
 */
export function useMergeFieldInsertion({ subject, body, setSubject, setBody }: { subject: string; body: string; setSubject: (text: string) => void; setBody: (text: string) => void }) {
  const subjectRef = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const target = useRef<'subject' | 'body'>('body');

  const insert = (field: string) => {
    const which = target.current;
    const control: TextControl | null = which === 'subject' ? subjectRef.current : bodyRef.current;
    const text = which === 'subject' ? subject : body;
    const start = control?.selectionStart ?? text.length;
    const end = control?.selectionEnd ?? start;
    const next = insertField(text, field, start, end);
    (which === 'subject' ? setSubject : setBody)(next.text);
    // After React has written the new value, put the cursor right after the field.
    requestAnimationFrame(() => {
      control?.focus();
      control?.setSelectionRange(next.cursor, next.cursor);
    });
  };

  return {
    insert,
    subjectProps: { ref: subjectRef, onFocus: () => (target.current = 'subject') },
    bodyProps: { ref: bodyRef, onFocus: () => (target.current = 'body') },
  };
}
