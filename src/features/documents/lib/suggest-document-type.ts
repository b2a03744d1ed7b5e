/** The parts of a document type the suggestion reads (public.document_types). */
export interface DocumentTypeHints {
  key: string;
  label: string;
  file_name_hints: readonly string[] | null;
}

/** A file name as words: lower case, extension dropped, separators (_ - . and camelCase joins) turned into single spaces. */
export function fileNameWords(fileName: string): string {
  const withoutExtension = fileName.replace(/\.[a-z0-9]{1,5}$/i, '');
  return withoutExtension
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/[^a-z0-9']+/g, ' ')
    .replace(/'/g, '')
    .trim();
}

/** The phrase as words of the same shape, so "Seller's Disclosure" matches "sellers_disclosure.pdf". */
const phraseWords = (phrase: string) => fileNameWords(`${phrase}.x`);

/**
 * The document type a file name suggests: the type whose hint (or label)
 * appears as whole words in the name; the longest match wins, so "lead paint
 * disclosure" beats "disclosure". Null when nothing matches: the person
 * chooses.
 */
export function suggestDocumentType(fileName: string, types: readonly DocumentTypeHints[]): string | null {
  const words = ` ${fileNameWords(fileName)} `;
  let best: { key: string; length: number } | null = null;
  for (const type of types) {
    for (const phrase of [type.label, ...(type.file_name_hints ?? [])]) {
      const hint = phraseWords(phrase);
      if (!hint || !words.includes(` ${hint} `)) continue;
      if (!best || hint.length > best.length) best = { key: type.key, length: hint.length };
    }
  }
  return best?.key ?? null;
}
