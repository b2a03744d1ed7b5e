import { useState, type FormEvent } from 'react';
import { FormField } from '@/components/form-field';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { useAdminSettings, type AdminSettings } from '@/features/admin/api/get-admin-settings';
import { updateAdminSettingsInputSchema, useUpdateAdminSettings } from '@/features/admin/api/update-admin-settings';

/** System Settings: who may switch roles, whether AI is configured (never the key), the inbound e-mail domain, the invitation lifetime. */
export function SystemSettingsPanel() {
  const settings = useAdminSettings();
  return (
    <Card>
      <CardHeader>
        <CardTitle>System Settings</CardTitle>
        <CardDescription>Server-side settings; keys and secrets are never shown.</CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isError ? (
          <p className="text-destructive text-sm">{settings.error.message}</p>
        ) : settings.data ? (
          <SettingsForm key={JSON.stringify(settings.data.settings)} data={settings.data} />
        ) : (
          <Skeleton className="h-40 w-full" aria-label="Loading settings" />
        )}
      </CardContent>
    </Card>
  );
}

function SettingsForm({ data }: { data: AdminSettings }) {
  const [domain, setDomain] = useState(data.settings.inbound_email_domain ?? '');
  const [days, setDays] = useState(String(data.settings.invitation_lifetime_days));
  const [error, setError] = useState<string | null>(null);
  const save = useUpdateAdminSettings();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = updateAdminSettingsInputSchema.safeParse({ inboundEmailDomain: domain, invitationLifetimeDays: days });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Invalid value');
      return;
    }
    setError(null);
    save.mutate(parsed.data);
  };

  return (
    <form onSubmit={submit} className="grid gap-5" noValidate>
      <dl className="grid gap-4 sm:grid-cols-2">
        <div>
          <dt className="text-muted-foreground text-sm">Role switcher account</dt>
          <dd className="font-medium break-all" data-testid="role-switcher-email">
            {data.settings.role_switcher_email ?? 'Not set'}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground text-sm">AI features</dt>
          <dd data-testid="ai-configured">
            {data.aiConfigured ? <Badge className="bg-green-600 text-white">Configured</Badge> : <Badge variant="secondary">Not configured (OPENAI_API_KEY is not set)</Badge>}
          </dd>
        </div>
      </dl>
      <FormField id="inbound-domain" label="Inbound e-mail domain" error={null}>
        <Input id="inbound-domain" value={domain} onChange={(e) => setDomain(e.target.value)} placeholder={window.location.hostname} maxLength={253} aria-describedby="inbound-domain-hint" />
        <p id="inbound-domain-hint" className="text-muted-foreground text-xs">
          Listings forward e-mail to listing-&#123;id&#125;@{domain.trim() || window.location.hostname}. Empty uses this app&apos;s host.
        </p>
      </FormField>
      <FormField id="invitation-days" label="Invitation lifetime (days)" error={error}>
        <Input id="invitation-days" type="number" min={1} max={90} value={days} onChange={(e) => setDays(e.target.value)} className="w-32" aria-invalid={error ? true : undefined} />
      </FormField>
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Settings'}
        </Button>
      </div>
    </form>
  );
}
