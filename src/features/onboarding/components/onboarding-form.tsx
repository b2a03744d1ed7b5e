import { useState, type FormEvent } from 'react';
import { FormField } from '@/components/form-field';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { roleLabel } from '@/lib/role-label';
import type { OnboardingInvitation } from '@/features/onboarding/api/get-invitation';
import { completeOnboardingInputSchema, useCompleteOnboarding, type OnboardingResult } from '@/features/onboarding/api/complete-onboarding';

type Field = 'firstName' | 'lastName' | 'password';

/**
 * The onboarding form: First Name and Last Name (trimmed, non-empty), the
 * invited e-mail and role shown, and a password when the invitee's sign-in
 * has none yet (it was made by this invitation).
 */
export function OnboardingForm({ invitation, needsPassword, onDone }: { invitation: OnboardingInvitation; needsPassword: boolean; onDone: (result: OnboardingResult & { firstName: string }) => void }) {
  const [values, setValues] = useState({ firstName: '', lastName: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const complete = useCompleteOnboarding();
  const filled = values.firstName.trim() !== '' && values.lastName.trim() !== '' && (!needsPassword || values.password !== '');

  function submit(event: FormEvent) {
    event.preventDefault();
    const input = { invitationId: invitation.id, firstName: values.firstName, lastName: values.lastName, password: needsPassword ? values.password : undefined };
    const parsed = completeOnboardingInputSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [issue.path[0], issue.message])));
      return;
    }
    setErrors({});
    complete.mutate(input, { onSuccess: (result) => onDone({ ...result, firstName: parsed.data.firstName }) });
  }

  const field = (name: Field, label: string, type = 'text', autoComplete?: string) => (
    <FormField id={`onboarding-${name}`} label={label} error={errors[name]}>
      <Input
        id={`onboarding-${name}`}
        type={type}
        autoComplete={autoComplete}
        value={values[name]}
        onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `onboarding-${name}-error` : undefined}
      />
    </FormField>
  );

  return (
    <Card className="mx-auto w-full max-w-md">
      <CardHeader>
        <h1 className="text-xl leading-tight font-semibold tracking-tight">Complete Your Account</h1>
        <CardDescription>You have been invited to ListingDesk. Tell us your name to finish setting up your account.</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="bg-muted/50 mb-6 grid gap-2 rounded-md p-3 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
          <dt className="text-muted-foreground">Email</dt>
          <dd className="min-w-0 font-medium break-all" data-testid="invited-email">
            {invitation.email}
          </dd>
          <dt className="text-muted-foreground">Role</dt>
          <dd>
            <Badge variant={invitation.role === 'tc' ? 'default' : 'secondary'}>{roleLabel(invitation.role)}</Badge>
          </dd>
        </dl>
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
          {field('firstName', 'First Name', 'text', 'given-name')}
          {field('lastName', 'Last Name', 'text', 'family-name')}
          {needsPassword && field('password', 'Password', 'password', 'new-password')}
          <Button type="submit" disabled={!filled || complete.isPending}>
            {complete.isPending ? 'Setting up...' : 'Complete Setup'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
