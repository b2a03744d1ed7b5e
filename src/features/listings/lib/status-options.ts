/**
 * Why the status selector does not offer a status (issue 52): the database
 * refuses a status that contradicts the listing's contract, so the selector
 * says what to do instead before anyone tries. `contractActive` is undefined
 * while the contracts are loading (nothing is disabled then; the database
 * still refuses).
 */
export function contractRefusal(status: string, current: string, contractActive: boolean | undefined): string | undefined {
  if (status === current || contractActive === undefined) return undefined;
  if (contractActive) return status === 'under_contract' ? undefined : 'Close or terminate the contract on the Contract tab';
  if (status === 'under_contract' || status === 'closed') return 'Record a contract on the Contract tab';
  return undefined;
}
