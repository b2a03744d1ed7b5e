import { EmailAddress } from '@/components/email-address';

/** A contact in one or two lines: name (and company), then e-mail and phone. */
export function ContactSummary({ contact }: { contact: { name: string; company: string | null; email: string | null; phone: string | null } }) {
  const reach = [contact.email, contact.phone].filter(Boolean);
  return (
    <span className="flex min-w-0 flex-col text-left">
      <span className="font-medium">
        {contact.name}
        {contact.company && contact.company !== contact.name && <span className="text-muted-foreground font-normal"> · {contact.company}</span>}
      </span>
      {reach.length > 0 && (
        <span className="text-muted-foreground text-xs">
          {contact.email && <EmailAddress email={contact.email} />}
          {contact.email && contact.phone && ' · '}
          {contact.phone}
        </span>
      )}
    </span>
  );
}
