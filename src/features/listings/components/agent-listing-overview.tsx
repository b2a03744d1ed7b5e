import { LogOut } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import type { CurrentUser } from '@/hooks/use-current-user';
import { useStatusLabel } from '@/lib/listing-status';
import { roleLabel } from '@/lib/role-label';
import type { Listing } from '@/features/listings/api/get-listing';

/** Spec part 2 §2: live default style, ready secondary, under_contract destructive, others (incomplete, closed) outline. */
function statusVariant(status: string): 'default' | 'secondary' | 'destructive' | 'outline' {
  if (status === 'live') return 'default';
  if (status === 'ready') return 'secondary';
  if (status === 'under_contract') return 'destructive';
  return 'outline';
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-muted-foreground text-xs font-medium uppercase">{label}</dt>
      <dd className="text-sm">{children || 'Not specified'}</dd>
    </div>
  );
}

/** The agent view's header (spec part 2 §2): address, status, who is signed in (with their real role) and Logout. */
export function AgentListingHeader({ listing, user }: { listing: Listing; user: CurrentUser }) {
  const statusLabel = useStatusLabel();
  return (
    <header className="flex flex-wrap items-center justify-between gap-3 border-b pb-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">{listing.address}</h1>
        <Badge variant={statusVariant(listing.status)}>{statusLabel(listing.status)}</Badge>
      </div>
      <div className="flex items-center gap-2 text-sm">
        <span>{[user.firstName, user.lastName].filter(Boolean).join(' ') || user.email}</span>
        <Badge variant="secondary" data-testid="viewer-role-badge">
          {roleLabel(user.role)}
        </Badge>
        <Button variant="outline" size="sm" onClick={() => window.location.assign(paths.logout.getHref())}>
          <LogOut />
          Logout
        </Button>
      </div>
    </header>
  );
}

/** The agent view's 'Property Details' card. */
export function PropertyDetailsCard({ listing }: { listing: Listing }) {
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>Property Details</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <Detail label="Address">{listing.address}</Detail>
          <Detail label="Price">{listing.listing_price}</Detail>
          <Detail label="Seller">{listing.seller_name}</Detail>
          <Detail label="Seller Phone">{listing.seller_phone}</Detail>
          <Detail label="Seller Email">{listing.seller_email}</Detail>
        </dl>
      </CardContent>
    </Card>
  );
}
