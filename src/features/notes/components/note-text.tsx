import { Link } from 'react-router';

/** The app links an e-mailed note carries to the documents filed from the mail (supabase/functions/inbound-email/message.ts). */
const FILED_DOCUMENT_LINK = /(\/listing\/[0-9a-f-]{36}\?tab=documents#document-[0-9a-f-]{36})/;

/**
 * A note's text, as text (never HTML). In notes filed from an e-mail, the
 * links to the filed documents become in-app links to the Documents tab.
 */
export function NoteText({ content, isEmail }: { content: string; isEmail: boolean }) {
  const parts = isEmail ? content.split(FILED_DOCUMENT_LINK) : [content];
  return (
    <p className="text-sm break-words whitespace-pre-wrap">
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          <Link key={index} to={part} className="text-primary underline underline-offset-2">
            open in Documents
          </Link>
        ) : (
          part
        ),
      )}
    </p>
  );
}
