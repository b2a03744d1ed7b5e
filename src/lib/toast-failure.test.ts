import { describe, expect, it, vi } from 'vitest';
import { toastFailure } from '@/lib/toast-failure';
import { toast } from '@/hooks/use-toast';
import { throwIfError } from '@/lib/api-error';

vi.mock('@/hooks/use-toast', () => ({ toast: vi.fn() }));

describe('toastFailure', () => {
  it('the failure toast shows the database message, not a generic text', () => {
    let thrown: unknown;
    try {
      throwIfError({ data: null, error: { message: 'not your task', details: null, hint: null, code: '42501' }, status: 403, statusText: 'Forbidden' });
    } catch (error) {
      thrown = error;
    }
    toastFailure('Failed to update requirement', thrown);
    expect(vi.mocked(toast), 'one destructive toast whose description is the refusal').toHaveBeenCalledWith({
      title: 'Failed to update requirement',
      description: '403: not your task',
      variant: 'destructive',
    });
  });
});
