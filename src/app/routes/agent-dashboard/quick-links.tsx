import { FileText, MessageSquare, Plus, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

const LINKS = [
  { to: paths.newListing.getHref(), title: 'New Listing', text: 'Add a property', icon: Plus },
  { to: paths.agentMessages.getHref(), title: 'Team Messages', text: 'Talk with your team', icon: MessageSquare },
  { to: paths.agentDocuments.getHref(), title: 'Documents', text: 'Team documents', icon: FileText },
  { to: paths.agentProfile.getHref(), title: 'My Profile', text: 'Your details and MLS', icon: UserRound },
] as const;

/** The dashboard's quick cards (spec part 2 §2). */
export function QuickLinks() {
  return (
    <nav aria-label="Quick links">
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {LINKS.map(({ to, title, text, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="bg-card hover:border-primary/60 focus-visible:ring-ring/50 flex h-full items-center gap-3 rounded-xl border p-4 shadow-sm transition-colors outline-none focus-visible:ring-[3px]"
            >
              <span className="bg-primary/10 text-primary flex size-10 shrink-0 items-center justify-center rounded-lg">
                <Icon aria-hidden className="size-5" />
              </span>
              <span className="flex min-w-0 flex-col">
                <span className="font-medium">{title}</span>
                <span className="text-muted-foreground text-sm">{text}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
