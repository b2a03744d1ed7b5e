/**
 * Names of people, trusts and companies as a clause writes them: read word
 * by word from a label forwards ("Seller: Walter and June Albrecht") or
 * from a role backwards ("… and Tamika Reeves (Buyer)"), stopping at the
 * first word that cannot be part of a name (a lower-case verb, a role, a
 * label), so "X and Y Z", "A, Trustee of the B Trust dated May 2, 2001" and
 * "C Homes, LLC" stay whole and nothing runs across the next label.
 */
import { isPlaceholderName } from './normalise.ts';

/** Lower-case words that belong inside names and trust titles. */
const CONNECTORS = new Set(['and', 'of', 'the', 'dated', 'de', 'del', 'la', 'le', 'van', 'von', 'der', 'da', 'di', 'du', 'y', '&']);
/** Entity suffixes kept with a name, even in capitals or after a comma. */
const SUFFIX = /^(?:LLC|L\.L\.C\.|LP|L\.P\.|Inc|INC|Ltd|LTD|PLLC|N\.A|Co|Corp|Jr|Sr|II|III|IV)\.{0,2},?$/;
/** Words that end a name: the parties' roles and the words that introduce them. */
const ROLE_WORD = /^["“(]*(?:Buyers?|Sellers?|Purchasers?|Vendors?|Seller's|Buyer's|WHEREAS|Signed)\b/i;

/**
 * Words that follow a name without being part of it: a licence or file
 * number's label ("Lorena Castellanos License # 0201", "Dunn, DRE 0205",
 * "… Escrow, Inc. Escrow No. SAC-27").
 */
const AFTER_NAME_LABEL = /^(?:Licen[cs]es?|Lic\.?|DRE|NMLS|CalBRE|BRE|TREC|#.*|No\.?|Number|Nos?\.?:?|Date|Time|Signature|Initials)$/;

function isNameWord(word: string, next?: string): boolean {
  if (word === '' || /[:()]/.test(word) || ROLE_WORD.test(word) || AFTER_NAME_LABEL.test(word)) return false;
  // "Escrow No.", "File #": a word before a number's label is that label's, not the name's.
  if (next !== undefined && /^(?:No\.?|#\S*|Number)$/.test(next)) return false;
  if (SUFFIX.test(word)) return true;
  if (CONNECTORS.has(word)) return true;
  if (/^\d{1,4}[,.]?$/.test(word)) return true; // a trust's date: "dated May 2, 2001"
  if (/^[A-Z]{3,},?$/.test(word)) return false; // a heading or a shouted verb ("OFFER FROM")
  return /^\p{Lu}[\p{L}'’.-]*[,;]?$/u.test(word);
}

/** A word of a name written in capitals: capitals, initials, "U/D/T", a date's figures; never a role or a lower-case word. */
function isCapitalsNameWord(word: string): boolean {
  if (ROLE_WORD.test(word) || AFTER_NAME_LABEL.test(word) || /[:()"“”]/.test(word) || CAPITALS_NOT_NAME.test(word)) return false;
  // "GORDON PIKE and YVETTE PIKE-MORALES": capitals joined by a lower-case "and".
  return /^\p{Lu}[\p{Lu}'’./&-]*[,;]?$/u.test(word) || /^\d{1,4}[,.]?$/.test(word) || word === '&' || word === 'and';
}

/** Capitalised words of headings and clauses around a name in capitals ("OFFER FROM", "BY AND BETWEEN"), never part of one. */
const CAPITALS_NOT_NAME = /^(?:FROM|BY|BETWEEN|TO|WITH|OFFER|AGREEMENT|CONTRACT|ADDENDUM|COUNTER|AMENDMENT|PARTIES|NOTICE|RE|THIS|MADE|ENTERED|INTO)[,.:]?$/;

/** "Trust dated 11/02/1998": a trust's date written in figures stays with the trust. */
function trustDate(word: string, previous: string | undefined): boolean {
  return previous === 'dated' && /^\d{1,2}\/\d{1,2}\/\d{2,4}[,.]?$/.test(word);
}

/**
 * Whether a name read backwards from its role stopped inside a longer name:
 * it starts with "dated"/"of" or a date ("… declaration dated June 19, 1994
 * (Seller)"), or the word before it still belongs to the party — a
 * connector ("ZHOU and BENJAMIN HARTIGAN"), a list's comma, or a name word
 * in capitals before a name in ordinary case ("BRENNAN, Co-Trustees of …").
 * A partial party is worse than none.
 */
function cutOnTheLeft(words: string[], first: number, inCapitals: boolean): boolean {
  const head = words[first] ?? '';
  if (/^(?:dated|of)$/i.test(head) || (MONTH.test(head) && /^\d/.test(words[first + 1] ?? ''))) return true;
  if (first === 0) return false;
  const before = words[first - 1];
  if (/^(?:and|&)$/i.test(before) && /^\p{Lu}/u.test(words[first - 2] ?? '')) return true;
  return !inCapitals && /^\p{Lu}{2,}[\p{Lu}'’.-]*,$/u.test(before) && !ROLE_WORD.test(before);
}

const MONTH = /^(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan\.?|Feb\.?|Mar\.?|Apr\.?|Jun\.?|Jul\.?|Aug\.?|Sept?\.?|Oct\.?|Nov\.?|Dec\.?)$/;

/** Leading and trailing words that cannot start or end a name ("and", "the", a year), and the punctuation after it. */
function trimName(words: string[]): string | null {
  const connector = (word: string) => CONNECTORS.has(word.toLowerCase());
  // "The Calloway Family Trust": an entity's own "The" is part of its name.
  const entityThe = (all: string[]) => all[0] === 'The' && ENTITY_NAME_WORD.test(all.join(' '));
  while (words.length && (connector(words[0]) || /^\d/.test(words[0])) && !entityThe(words)) words.shift();
  while (words.length && connector(words[words.length - 1])) words.pop();
  // A lone capital at the end is a speck ("Monica Esparza A"): initials carry their full stop. A number ends a name only as a date's year.
  while (words.length > 1 && (/^\p{Lu}$/u.test(words[words.length - 1]) || (/^\d+[.,]?$/.test(words[words.length - 1]) && !/^\d{1,2},$/.test(words[words.length - 2] ?? '')))) words.pop();
  // "L. Mercer" is the end of a name wrapped after its first name ("… Beatrice / L. Mercer"): a partial name is worse than none.
  if ((words.length === 2 || /,$/.test(words[1] ?? '')) && /^\p{Lu}\.$/u.test(words[0])) return null;
  // A word broken by a hyphen at a line's end is one word ("Imbriale- Dunn").
  let name = words.join(' ').replace(/(?<=\p{L})- (?=\p{L})/gu, '-').replace(/[,;]+$/, '').replace(/\.{2,}$/, '.');
  // "Kevin Ramirez." ends a sentence; "Inc." and "N.A." keep their full stop.
  if (/(?:^|\s)[\p{L}'’-]{3,}\.$/u.test(name) && !/\b(?:Inc|Co|Corp|Ltd|Jr|Sr)\.$/.test(name)) name = name.slice(0, -1);
  // A name has a word written like one ("ET 3" is what OCR made of a smudge).
  const capitalsOnly = name.replace(/ and /g, ' ');
  const writtenLikeName = /\p{Lu}\p{Ll}/u.test(name) || (capitalsOnly === capitalsOnly.toUpperCase() && name.split(' ').filter((word) => /^\p{Lu}{3,}/u.test(word)).length >= 2);
  if (name.length < 3 || !/^\p{Lu}/u.test(name) || !writtenLikeName || words.length > 18) return null;
  return isPlaceholderName(name) ? null : name;
}

/**
 * Whether a name stopped at OCR's smudge rather than at its end: a word of
 * marks alone with a capitalised word beyond it ("Fatima _ Moreau"), or a
 * word behind a stray mark ("‘Partders,", ".the Galloway Family Trust").
 */
function cutBySmudge(stop: string, beyond: string | undefined): boolean {
  // A dash after a name is the writer's separator ("Republic Ledger Title — Hulen St. office"), not a smudge.
  if (/^(?:—|–|--)$/.test(stop)) return false;
  // "Bluebonnet Holdings,.", "Home Lending/": a capitalised word with a mark stuck to it.
  const letters = stop.replace(/[^\p{L}'’.-]/gu, '');
  // An opening parenthesis is a parenthetical's ("Title Co. (Escrow Agent)"), not a smudge.
  if (letters !== stop && /^\p{Lu}\p{Ll}/u.test(letters) && !/:$|^\(/.test(stop) && !ROLE_WORD.test(letters)) return true;
  const behindMark = /^[^\p{L}\p{N}(]+(\p{L}+)/u.exec(stop);
  if (behindMark) return !ROLE_WORD.test(behindMark[1]);
  // "Priya ard Patrick i Sorensen": a lone letter between names; "Title Company: Seller …": a company's last word read with a colon.
  if (/^\p{Ll}$/u.test(stop) && beyond !== undefined && /^\p{Lu}/u.test(beyond)) return true;
  if (/^(?:Company|Title|Escrow|Bank|Mortgage|Lending|Inc|LLC):$/.test(stop)) return true;
  if (/^[^\p{L}\p{N}():"“”]+$/u.test(stop) && beyond !== undefined && /^\p{L}/u.test(beyond) && !ROLE_WORD.test(beyond)) return true;
  // "Sierra Valley I: Escrow, Inc.": a column's border read as a letter and a mark.
  return /^[A-Za-z][^\p{L}\p{N}\s]{1,2}$/u.test(stop) && beyond !== undefined && /^\p{Lu}/u.test(beyond);
}

/** Words that make a name an entity's (a trust, an estate, a company, a fund). */
const ENTITY_NAME_WORD = /\b(?:Trust|Estate|LLC|L\.L\.C\.|Inc|Company|Partnership|Fund|L\.P\.|LP|Corporation|Corp)\b/;

/** A trustee's or executor's title after a name ("Elaine Calloway, Trustee", "… and Sylvia Pryor, Co-Trustees"). */
const FIDUCIARY_TITLE = /^(?:Co-)?(?:Trustees?|Executors?|Executrix|Administrators?|Personal\s+Representatives?)[,.;]?$/i;

/**
 * "The Calloway Family Trust, Elaine Calloway, Trustee": after a trust's or
 * estate's name and its comma, the people acting for it and their title are
 * part of the party as the contract names it (up to eight words on).
 */
function fiduciariesFollow(words: string[], comma: number): boolean {
  if (!/(?:Trust|Estate|Deceased),$/.test(words[comma])) return false;
  for (let index = comma + 1; index < Math.min(words.length, comma + 10); index++) {
    const word = words[index];
    if (FIDUCIARY_TITLE.test(word) || (/^(?:Independent|Successor)$/.test(word) && FIDUCIARY_TITLE.test(words[index + 1] ?? ''))) return index > comma + 1;
    if (!(word === 'and' || word === '&' || /^\p{Lu}[\p{L}.'’-]*,?$/u.test(word))) return false;
  }
  return false;
}

/** After "Name," a name goes on only with an entity suffix, a trustee's title or a date. */
const CONTINUES_AFTER_COMMA = (next: string, afterNext?: string) =>
  SUFFIX.test(next) ||
  /^(?:Co-)?(?:Trustees?|Executors?|Executrix|Administrators?)\b/i.test(next) ||
  (/^(?:Successor|Independent|Surviving)$/i.test(next) && afterNext !== undefined && /^(?:Co-)?(?:Trustees?|Executors?|Executrix|Administrators?)\b/i.test(afterNext)) || /^(?:19|20)\d\d\b/.test(next) || (next === 'by' && afterNext !== undefined && /^\p{Lu}/u.test(afterNext));

/** "X Trust, by Y, Trustee": "by" after a comma goes on to the person signing for the entity. */
const signsFor = (word: string, previous: string | undefined) => word === 'by' && previous !== undefined && previous.endsWith(',');

/** The name a clause states from `start` onwards ("Walter and June Albrecht Date: …" → "Walter and June Albrecht"). */
export function nameAfter(text: string, start: number): { value: string; start: number; end: number } | null {
  const rest = text.slice(start);
  // Blanks, dots and OCR's marks between a label and its value ("Buyer(s): © "Rachel …").
  const lead = rest.length - rest.replace(/^[^\p{L}\p{N}(]+/u, '').length;
  const words = [...rest.slice(lead).matchAll(/\S+/g)];
  // A name starts with a capital: "dated December 21, 2004" after an empty label is the end of a name written elsewhere.
  if (words.length === 0 || !/^\p{Lu}/u.test(words[0][0])) return null;
  let count = 0;
  while (count < words.length && (isNameWord(words[count][0], words[count + 1]?.[0]) || signsFor(words[count][0], words[count - 1]?.[0]) || trustDate(words[count][0], words[count - 1]?.[0]))) {
    count++;
    if (words[count - 1][0].endsWith(';')) {
      // "Sierra Valley Escrow; Inc.": OCR made the comma before a suffix a semicolon.
      if (count < words.length && SUFFIX.test(words[count][0])) return null;
      break;
    }
    if (
      words[count - 1][0].endsWith(',') &&
      !(count < words.length && CONTINUES_AFTER_COMMA(words[count][0], words[count + 1]?.[0])) &&
      !fiduciariesFollow(words.map((match) => match[0]), count - 1)
    )
      break;
  }
  // A name ending in a comma or a hyphen where the text ends ("Tidewater Cove Investments," / "LLC, …" on the next column's line) was cut by a wrap.
  if (count > 0 && count === words.length && /[,-]$/.test(words[count - 1][0]) && !SUFFIX.test(words[count - 1][0])) return null;
  if (count > 0 && /\p{L}-$/u.test(words[count - 1][0])) return null;
  // A name cut by a smudge ("Lone Star Residential ‘Partders, L.B"), or stopping on "and" ("Aisha Galloway and | 7. OPTION"), is only part of one: better none.
  // "X LLC, a Texas limited liability company": after a comma, "a" opens the entity's description, not a smudge.
  const describes = count > 0 && words[count - 1][0].endsWith(',') && /^an?$/.test(words[count]?.[0] ?? '');
  if (count < words.length && !describes && cutBySmudge(words[count][0], words[count + 1]?.[0])) return null;
  // A comma after an entity's suffix ends the name ("… Escrow, Inc., 1401 Main St").
  const stopWord = count > 0 ? words[count - 1][0] : '';
  // (After a comma, a file number's label — "…, Escrow No. 4417" — starts no other name.)
  const numberLabel = /^(?:No\.?|#\S*|Number)$/.test(words[count + 1]?.[0] ?? '');
  if (count > 0 && count < words.length && /^(?:and|&|of|the|dated)$|,$/.test(stopWord) && !SUFFIX.test(stopWord) && !/^\p{Ll}/u.test(words[count][0]) && !numberLabel) return null;
  const value = trimName(words.slice(0, count).map((match) => match[0]));
  if (!value) return null;
  const last = words[count - 1];
  return { value, start: start + lead, end: start + lead + last.index + last[0].length };
}

/**
 * "Tobias Lund, Keiko Lund and Arvid Lund (Buyer)": a person's first and
 * last name before a comma, in front of names joined by "and", is one more
 * of the people listed.
 */
function listsPeople(words: RegExpMatchArray[], first: number): boolean {
  const joined = words.slice(first).some((match) => match[0] === 'and' || match[0] === '&');
  return joined && first >= 2 && /^\p{Lu}\p{Ll}[\p{L}'’-]*,$/u.test(words[first - 1][0]) && /^\p{Lu}[\p{L}.'’-]*$/u.test(words[first - 2][0]) && !ROLE_WORD.test(words[first - 2][0]);
}

/** The name a clause states right before `end` ("… and Tamika Reeves (Buyer)" → "Tamika Reeves"). */
export function nameBefore(text: string, end: number): { value: string; start: number; end: number } | null {
  const words = [...text.slice(0, end).matchAll(/\S+/g)];
  // A name written in capitals in prose ("… and CLAIRE D. FONTAINE AND PAUL A. FONTAINE, TRUSTEES OF … ("Purchaser")") is read in capitals to its start.
  const nearestWord = [...words].reverse().find((match) => /\p{L}/u.test(match[0]) && !SUFFIX.test(match[0]))?.[0] ?? '';
  const inCapitals = /^\p{Lu}{2}/u.test(nearestWord) && nearestWord === nearestWord.toUpperCase() && !ROLE_WORD.test(nearestWord);
  const partOfName = (word: string) => (inCapitals ? isCapitalsNameWord(word) : isNameWord(word));
  let first = words.length;
  while (first > 0 && partOfName(words[first - 1][0])) {
    // "Galloway, Trustee": a comma inside a name only before a suffix, a title or a date.
    if (
      first < words.length &&
      words[first - 1][0].endsWith(',') &&
      !CONTINUES_AFTER_COMMA(words[first][0], words[first + 1]?.[0]) &&
      !listsPeople(words, first) &&
      !fiduciariesFollow(words.map((match) => match[0]), first - 1)
    )
      break;
    first--;
  }
  if (first === words.length) return null;
  if (first > 0 && cutBySmudge(words[first - 1][0], words[first - 2]?.[0])) return null;
  if (cutOnTheLeft(words.map((match) => match[0]), first, inCapitals)) return null;
  const value = trimName(words.slice(first).map((match) => match[0]));
  if (!value) return null;
  return { value, start: text.indexOf(value.split(' ')[0], words[first].index), end };
}
