import { describe, expect, test } from 'vitest';
import { ApiError } from '@/lib/api-error';
import { insertField, mergeFieldGroups } from '@/features/party-messages/lib/merge-fields';
import { describeTrigger, messageTemplateColumns, messageTemplateDraftFromRow, EMPTY_MESSAGE_TEMPLATE } from '@/features/party-messages/lib/message-template-schema';
import { placeRefusal } from '@/features/party-messages/lib/refusal';

describe('message template drafts', () => {
  test('a key-date trigger fills only its columns, and reads back the same', () => {
    const draft = {
      ...EMPTY_MESSAGE_TEMPLATE,
      name: 'Option ends',
      subject: 'Option',
      body: 'Hi',
      toRoles: ['buyers_agent' as const],
      trigger: { kind: 'key_date' as const, deadlineKey: 'option_period', offsetDays: -1, offsetUnit: 'calendar' as const, sendTime: '09:00', weekends: false },
    };
    const columns = messageTemplateColumns(draft);
    expect(columns, 'the event columns stay empty for a key-date trigger').toMatchObject({ trigger_kind: 'key_date', trigger_offset_days: -1, trigger_event: null, trigger_status: null });
    expect(messageTemplateDraftFromRow({ ...columns, trigger_send_time: '09:00:00' }), 'a stored row reads back as the draft').toEqual(draft);
  });

  test('triggers in words', () => {
    const label = (key: string) => (key === 'option_period' ? 'Option period' : key);
    expect(describeTrigger({ kind: 'key_date', deadlineKey: 'option_period', offsetDays: -2, offsetUnit: 'business', sendTime: '17:30', weekends: false }, label, label)).toBe(
      '2 business days before Option period at 5:30 PM',
    );
    expect(describeTrigger({ kind: 'event', event: 'status_changed', status: 'under_contract' }, label, () => 'Under contract')).toBe('When the status changes to Under contract');
    expect(describeTrigger({ kind: 'manual' }, label, label)).toBe('By hand, from the listing');
  });
});

describe('merge fields', () => {
  test('a picked field replaces the selection and the cursor goes after it', () => {
    expect(insertField('Hi , thanks', 'buyer.display_name', 3, 3), 'inserted at the cursor').toEqual({ text: 'Hi {{buyer.display_name}}, thanks', cursor: 25 });
  });

  test('fields are grouped by role and by kind, in the order given', () => {
    const groups = mergeFieldGroups([
      { field: 'buyer.name', label: 'Buyer: name' },
      { field: 'listing.address', label: 'Property address' },
      { field: 'date.closing', label: 'Closing (date and time)' },
    ]);
    expect(groups.map((group) => group.label), 'one group per role, listing and key dates').toEqual(['Buyer', 'Listing and contract', 'Key dates']);
  });

  test('an unknown field is placed next to the text that holds it', () => {
    const refusal = new ApiError(400, 'unknown merge field {{listing.adress}}');
    expect(placeRefusal(refusal, 'About {{ listing.adress }}'), 'in the subject').toEqual({ field: 'subject', message: 'unknown merge field {{listing.adress}}' });
    expect(placeRefusal(refusal, 'About'), 'else the body').toMatchObject({ field: 'body' });
    expect(placeRefusal(new ApiError(400, 'to_roles: unknown role "x"'), ''), 'another 400 goes above the form').toMatchObject({ field: 'form' });
    expect(placeRefusal(new ApiError(403, 'no'), ''), 'not a 400: left to the toast').toBeNull();
  });
});
