import { Bell, ChartNoAxesColumn, FileText, House, NotebookPen, Rocket, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { BrandMark } from '@/components/brand-mark';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** The six capabilities the spec's landing page advertises (part 1 §1), in its order. */
const CAPABILITIES: { title: string; description: string; icon: LucideIcon }[] = [
  { title: 'Listing Management', description: 'Create and manage property listings with real-time status updates.', icon: House },
  { title: 'Team Collaboration', description: 'Agents and coordinators work together through messaging and notifications.', icon: Bell },
  { title: 'Document Management', description: 'Listing-specific and general document libraries, organised and shared.', icon: FileText },
  { title: 'Smart Notes', description: 'Typed or voice notes on every listing, editable by agents and TCs.', icon: NotebookPen },
  { title: 'Status Tracking', description: 'Follow each listing from incomplete through ready to under contract.', icon: ChartNoAxesColumn },
  { title: 'Future Expansion', description: 'Coming next: a full contract-to-close workflow.', icon: Rocket },
];

/** What a signed-out visitor sees at `/`. Both buttons lead to the sign-in screen. */
export function LandingPage() {
  return (
    <div className="flex min-h-svh flex-col">
      <header className="bg-background/80 sticky top-0 z-10 border-b backdrop-blur">
        <div className="mx-auto flex h-16 w-full max-w-6xl items-center justify-between px-4 sm:px-6">
          <BrandMark />
          <Button asChild>
            <Link to={paths.login.getHref()}>Sign In</Link>
          </Button>
        </div>
      </header>
      <main className="flex-1">
        <section className="from-muted/60 to-background bg-gradient-to-b">
          <div className="mx-auto flex w-full max-w-6xl flex-col items-center gap-6 px-4 py-16 text-center sm:px-6 sm:py-24">
            <p className="bg-background text-muted-foreground rounded-full border px-3 py-1 text-xs font-medium">For agents and transaction coordinators</p>
            <h1 className="max-w-3xl text-4xl font-semibold tracking-tight text-balance sm:text-5xl">Every listing, from incomplete to under contract, in one place</h1>
            <p className="text-muted-foreground max-w-2xl text-base text-pretty sm:text-lg">
              ListingDesk keeps agents, transaction coordinators and administrators on the same page: listings, documents, photos, notes, messages and
              requirement tasks, always up to date.
            </p>
            <Button asChild size="lg">
              <Link to={paths.login.getHref()}>Sign In to Your Account</Link>
            </Button>
          </div>
        </section>
        <section aria-labelledby="capabilities-heading" className="mx-auto w-full max-w-6xl px-4 py-16 sm:px-6">
          <h2 id="capabilities-heading" className="mb-8 text-center text-2xl font-semibold tracking-tight">
            Everything a listing needs
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {CAPABILITIES.map(({ title, description, icon: Icon }) => (
              <li key={title} className="bg-card text-card-foreground flex flex-col gap-3 rounded-xl border p-6 shadow-xs">
                <span aria-hidden className="bg-primary/10 text-primary grid size-10 place-items-center rounded-lg">
                  <Icon className="size-5" />
                </span>
                <h3 className="font-semibold">{title}</h3>
                <p className="text-muted-foreground text-sm">{description}</p>
              </li>
            ))}
          </ul>
        </section>
      </main>
      <footer className="border-t">
        <p className="text-muted-foreground mx-auto w-full max-w-6xl px-4 py-6 text-center text-sm sm:px-6">© 2024 ListingDesk. All rights reserved.</p>
      </footer>
    </div>
  );
}
