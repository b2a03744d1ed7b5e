import type { ReactNode } from 'react';
import {
  CONTRACT_FORM_KEYS,
  FORM_DAY_FIELDS,
  formHasOptionFee,
  START_DATE_LABELS,
  type ContractFormKey,
} from '@/features/contracts/api/contract-input';
import { FINANCING_LABELS, FINANCING_TYPES } from '@/lib/contract-terms';
import { defaultDays, type ContractForm } from '@/features/contracts/api/get-contract-forms';
import type { Contract } from '@/features/contracts/api/get-contracts';
import { formatCalendarDate } from '@/features/contracts/lib/zoned-time';

const NOT_SPECIFIED = 'Not specified';

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 2, minimumFractionDigits: 0 });

export const formatMoney = (value: number | null) => (value === null ? NOT_SPECIFIED : dollars.format(value));

export const asFormKey = (form: string): ContractFormKey => ((CONTRACT_FORM_KEYS as readonly string[]).includes(form) ? (form as ContractFormKey) : 'generic');

const financingLabel = (value: string | null) =>
  value && (FINANCING_TYPES as readonly string[]).includes(value) ? FINANCING_LABELS[value as keyof typeof FINANCING_LABELS] : NOT_SPECIFIED;

function Fact({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'col-span-2 flex min-w-0 flex-col gap-1 lg:col-span-3' : 'flex min-w-0 flex-col gap-1'}>
      <dt className="text-muted-foreground text-xs font-medium tracking-wide uppercase">{label}</dt>
      <dd className="text-sm break-words whitespace-pre-wrap">{children || NOT_SPECIFIED}</dd>
    </div>
  );
}

/** A day count as recorded; left empty, the form's default applies, or (without one) the deadline is not part of the contract. */
function dayCountText(days: number | null, formDefault: number | null): string {
  if (days !== null) return `${days} days`;
  return formDefault === null ? 'None' : `${formDefault} days (form default)`;
}

/** The contract's facts as recorded, labelled as its form names them. */
export function ContractFacts({ contract, formInfo }: { contract: Contract; formInfo: ContractForm | undefined }) {
  const form = asFormKey(contract.form);
  const buyerAgent = [contract.buyer_agent_name, contract.buyer_agent_email, contract.buyer_agent_phone].filter(Boolean).join(' · ');
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:gap-4 lg:grid-cols-3" data-testid="contract-facts">
      <Fact label={START_DATE_LABELS[form]}>{formatCalendarDate(contract.effective_date)}</Fact>
      <Fact label="Closing date">{contract.closing_date ? formatCalendarDate(contract.closing_date) : NOT_SPECIFIED}</Fact>
      <Fact label="Sales price">{formatMoney(contract.sales_price)}</Fact>
      <Fact label="Earnest money">{formatMoney(contract.earnest_money)}</Fact>
      {formHasOptionFee(form) && <Fact label="Option fee">{formatMoney(contract.option_fee)}</Fact>}
      <Fact label="Financing">{financingLabel(contract.financing_type)}</Fact>
      {FORM_DAY_FIELDS[form].map(({ name, label }) => (
        <Fact key={name} label={label.replace(' (days)', '')}>
          {dayCountText(contract[name], defaultDays(formInfo, name))}
        </Fact>
      ))}
      <Fact label="Buyers">{contract.buyer_names}</Fact>
      <Fact label="Buyer's agent">{buyerAgent}</Fact>
      <Fact label="Title company">{contract.title_company}</Fact>
      <Fact label="Lender">{contract.lender}</Fact>
      {contract.notes && (
        <Fact label="Notes" wide>
          {contract.notes}
        </Fact>
      )}
    </dl>
  );
}
