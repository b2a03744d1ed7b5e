/**
 * OCR's usual confusions in a contract's own vocabulary, mended before the
 * clause reader sees the words. At 100–150 dpi tesseract reads "Days" as
 * "pays", "Acceptance" as "Acceptanca", "Price" as "PTiCe" and a dot leader
 * as a run of letters ("tevesseseesnaneen-"); the reader's labels then find
 * nothing. Only words that are one letter away from a word of the contracts'
 * vocabulary (and are no such word themselves) are mended, and only where
 * they cannot be a name or another English word: words whose case is mixed
 * inside ("CloBing"), and lower-case words or capitalised words of seven
 * letters or more near a word no English word is near ("Acceptanca").
 * Shorter capitalised and all-capital words stay as read, since names
 * ("Bates", "DALE") are written that way.
 */

/** The words the clause reader's labels and wordings are made of, lower case. */
const VOCABULARY = new Set(
  `acceptance accepted address addendum agreement amendment amount appraisal approval associate buyer buyers business
  calendar cash closing close commitment company conditions contingency contract conventional counter credit date dated
  days deadline deliver delivery deposit disclosure disclosures documents dollars earnest effective escrow estate executed
  executor expires financing first holder increased initial inspection inspections insurance investigation lender
  listing money mortgage notice offer option period possession price property purchase purchaser receipt removal
  residential sales schedule seller sellers settlement signature signed survey terminate termination terms third title
  total trust trustee trustees vendor within after before prior following hundred thousand million eight eleven fifteen
  fifty forty fourteen fourty nine nineteen ninety seven seventeen seventy sixteen sixty thirteen thirty three twelve
  twenty eighteen`.split(/\s+/).filter(Boolean),
);

/**
 * The words of the vocabulary no English word is one letter away from
 * (checked against Debian's American English word list when chosen): a
 * lower-case or capitalised word one letter from one of these is a misread,
 * never a real word ("right" is not "eight", "lasting" not "listing").
 */
const UNMISTAKABLE = new Set(
  `acceptance address addendum agreement amendment amount appraisal approval associate buyers calendar commitment
  company conditions contingency conventional credit deliver deposit disclosure disclosures documents earnest
  effective escrow estate executor financing first initial inspection inspections insurance investigation
  mortgage possession purchase receipt removal residential schedule settlement signature third within before
  hundred thousand eleven fifteen fourteen nineteen seventeen sixteen thirteen thirty twelve twenty eighteen`.split(/\s+/).filter(Boolean),
);

/** Whether two words of one length differ in exactly one letter, or in two neighbours swapped. */
function oneLetterApart(a: string, b: string): boolean {
  if (a.length !== b.length || a === b) return false;
  const diff: number[] = [];
  for (let index = 0; index < a.length && diff.length <= 2; index++) if (a[index] !== b[index]) diff.push(index);
  if (diff.length === 1) return true;
  return diff.length === 2 && diff[1] === diff[0] + 1 && a[diff[0]] === b[diff[1]] && a[diff[1]] === b[diff[0]];
}

/** The word of `words` a misread word stands for, if exactly one is one letter away. */
function vocabularyWord(lower: string, words: Set<string>): string | null {
  if (lower.length < 5 || VOCABULARY.has(lower)) return null;
  let found: string | null = null;
  for (const known of words) {
    if (!oneLetterApart(lower, known)) continue;
    if (found) return null;
    found = known;
  }
  return found;
}

/** "CloBing", "PTiCe": a capital after a small letter, or a small letter inside capitals, which no name has. */
const MIXED_CASE = /\p{Ll}\p{Lu}|\p{Lu}{2}\p{Ll}+\p{Lu}|^\p{Lu}\p{Lu}\p{Ll}\p{Lu}/u;

/** A dot leader as OCR reads it: a long run of dots, commas and the letters it makes of them ("....c.sseeeseassss"). */
function isLeader(word: string): boolean {
  if (word.length < 8 || !/^[.,:;'`~+\-«»•·_|senvacoruimtSENVACORUIMT]+$/.test(word)) return false;
  return (word.match(/\./g) ?? []).length >= 3 || (word.match(/(?:ss|ee|nn)/g) ?? []).length >= 2;
}

/** One OCR'd word as the contract prints it (see the module's rules); `previous` is the word before it. */
export function mendOcrWord(word: string, previous: string | undefined): string {
  if (isLeader(word)) return '........';
  // "14 pays after Acceptance": a count of days.
  if (/^[Pp]ays([.,;:)]?)$/.test(word) && previous !== undefined && /^\(?\d{1,3}\)?$/.test(previous)) return word.replace(/^[Pp]ays/, 'Days');
  const [, lead, letters, tail] = /^([^\p{L}]*)(\p{L}+)([^\p{L}]*)$/u.exec(word) ?? [];
  if (letters === undefined) return word;
  const lowerCase = letters === letters.toLowerCase();
  // A capitalised word may be a name ("Bates", "Keller"); one of seven letters or more one letter from the vocabulary is not ("Acceptanca").
  const longCapitalised = /^\p{Lu}\p{Ll}+$/u.test(letters) && letters.length >= 7;
  if (!lowerCase && !MIXED_CASE.test(letters) && !longCapitalised) return word;
  // A word with its case mixed inside is OCR's garbage whatever it is nearest to; a plain word may be English.
  const known = vocabularyWord(letters.toLowerCase(), MIXED_CASE.test(letters) ? VOCABULARY : UNMISTAKABLE);
  if (!known) return word;
  const cased = lowerCase ? known : known[0].toUpperCase() + known.slice(1);
  return `${lead}${cased}${tail}`;
}
