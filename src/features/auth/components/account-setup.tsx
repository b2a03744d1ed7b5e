import { useEffect } from 'react';
import { BrandMark } from '@/components/brand-mark';
import { Button } from '@/components/ui/button';
import { useEnsureAccount } from '@/features/auth/api/ensure-account';

/** Shown to a signed-in person who has no account yet; creates it and lets the app continue. */
export function AccountSetup() {
  const ensureAccount = useEnsureAccount();
  const { mutate } = ensureAccount;
  useEffect(() => mutate(), [mutate]);
  return (
    <div className="mx-auto flex min-h-svh max-w-md flex-col items-center justify-center gap-4 px-6 text-center" role="status">
      <BrandMark />
      <h1 className="text-xl font-semibold tracking-tight">Setting up your account…</h1>
      {ensureAccount.isError && <Button onClick={() => mutate()}>Try Again</Button>}
    </div>
  );
}
