import { Copy } from 'lucide-react';
import type { ReactNode } from 'react';
import { ListingStatusBadge } from '@/components/listing-status-badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/hooks/use-toast';
import type { Listing } from '@/features/listings/api/get-listing';
import { useInboundEmailDomain } from '@/features/listings/api/get-inbound-email-domain';


const NOT_SPECIFIED = 'Not specified';

/**
 * The address e-mails are forwarded to for this listing (spec: listing-{id}@{host}).
 * The host is the inbound e-mail domain of System Settings, else the app's own,
 * so each deployment gets its own inbound domain.
 */
export function forwardingAddress(listingId: string, host = window.location.hostname): string {
  return `listing-${listingId}@${host}`;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <dt className="text-muted-foreground text-xs font-medium tracking-wide uppercase">{label}</dt>
      <dd className="text-sm break-words">{children}</dd>
    </div>
  );
}

export function ListingInfoCards({ listing }: { listing: Listing }) {
  const inboundDomain = useInboundEmailDomain();
  const email = forwardingAddress(listing.id, inboundDomain.data ?? undefined);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(email);
      toast({ title: 'Email copied!', description: email });
    } catch {
      toast({ title: 'Could not copy', description: 'Copy the address by hand.', variant: 'destructive' });
    }
  };

  return (
    <div className="grid gap-4 md:grid-cols-2">
      <Card className="gap-4">
        <CardHeader>
          <CardTitle>Property Information</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-4">
            <Field label="Address">{listing.address}</Field>
            <Field label="Listing Price">{listing.listing_price || NOT_SPECIFIED}</Field>
            <Field label="Status">
              <ListingStatusBadge status={listing.status} />
            </Field>
            <div className="flex flex-col gap-1">
              <dt className="text-muted-foreground flex items-center justify-between text-xs font-medium tracking-wide uppercase">
                Forward emails to
                <Button type="button" size="sm" variant="ghost" className="h-6 px-2 normal-case" aria-label="Copy email address" onClick={() => void copy()}>
                  <Copy />
                  Copy
                </Button>
              </dt>
              {/* The address is one long token (a UUID); a slightly smaller face keeps it on one line in the card. */}
              <dd className="bg-muted rounded px-2 py-1 font-mono text-[11px] break-all" data-testid="forwarding-email">
                {email}
              </dd>
            </div>
          </dl>
        </CardContent>
      </Card>
      <Card className="gap-4">
        <CardHeader>
          <CardTitle>Seller Information</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-4">
            <Field label="Name">{listing.seller_name || NOT_SPECIFIED}</Field>
            <Field label="Phone">{listing.seller_phone || NOT_SPECIFIED}</Field>
            <Field label="Email">{listing.seller_email || NOT_SPECIFIED}</Field>
          </dl>
        </CardContent>
      </Card>
    </div>
  );
}
