import { cn } from '@/lib/utils';

/**
 * An e-mail address shown whole on a narrow card: it wraps before the @
 * ("emily.rodriguez" / "@listingdesk.test") instead of ending in an ellipsis,
 * and a part longer than the line still breaks anywhere rather than overflow.
 * `wrap-anywhere` also lets the flex or grid cell holding it shrink.
 */
export function EmailAddress({ email, className }: { email: string; className?: string }) {
  const at = email.lastIndexOf('@');
  return (
    <span className={cn('wrap-anywhere', className)}>
      {at > 0 ? (
        <>
          {email.slice(0, at)}
          <wbr />
          {email.slice(at)}
        </>
      ) : (
        email
      )}
    </span>
  );
}
