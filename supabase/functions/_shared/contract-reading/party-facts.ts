/**
 * Who is in the deal, clause by clause: buyers and sellers (by a label,
 * "Seller: X", or by the role written after the name, "X (Seller)", "X, as
 * Buyer", "X (hereinafter "Purchaser")"), the buyer's agent (the person, not
 * the brokerage), the title company or escrow holder, and the lender.
 */
import { lineEnd, pieceEnd, type Clause } from './clauses.ts';
import { nameAfter, nameBefore } from './names.ts';
import { cleanName } from './normalise.ts';
import type { FactKey } from './types.ts';

export interface NameOffer {
  key: FactKey;
  value: string;
  start: number;
  end: number;
}

const ROLE_KEYS: Record<string, FactKey> = { buyer: 'buyer_names', purchaser: 'buyer_names', seller: 'seller_names', vendor: 'seller_names' };
const roleKey = (word: string) => ROLE_KEYS[word.toLowerCase().replace(/s$/, '')];

/** "Seller: X", "C. Seller: X", "(a) Seller ...... X", "BUYER: ______ X", "Buyer(s): X". */
const PARTY_LABEL = /^\s*(?:\(?[a-z0-9]{1,3}\)\s*|[A-Z]\.\s+)?(Buyers?|Sellers?|Purchasers?|Vendors?)(?:\(s[)}\]]{0,2})?\s*(?::|\.{3,}|\|)/i;
/** "(Seller)", "("Buyer")", "(hereinafter "Purchaser")", ", as Buyer", ", hereinafter called Seller". */
const ROLE_AFTER = /\(\s*(?:hereinafter\s+(?:called\s+)?)?["“]?(Buyers?|Sellers?|Purchasers?|Vendors?)["”]?\s*\)|,\s*(?:as|hereinafter\s+called)\s+(?:the\s+)?["“]?(Buyers?|Sellers?|Purchasers?|Vendors?)\b/gi;

/** What an entity is, written between its name and its role: "X, LLC, a Texas limited liability company (Seller)". */
const ENTITY_KIND = /,\s*an?\s+(?:[\p{L}]+\s+){0,2}?(?:limited\s+liability\s+company|(?:limited|general)\s+partnership|corporation|partnership|company)\s*,?\s*$/iu;
/** Words that make a name an entity's rather than a person's. */
const ENTITY_WORD = /\b(?:LLC|L\.L\.C|LP|L\.P|Inc|Corp|Ltd|Company|Co|Trust|Estate|Homes|Properties|Investments|Partners|Holdings|Group|Bank|Title|Escrow)\b/i;

/**
 * Two people's names written side by side without "and" ("Buyer: Ambrose
 * Delacourt   Winifred Delacourt" on a signature line): four or more plain
 * words with no connector, comma or entity word. Where one name ends is
 * uncertain, so neither is offered.
 */
export function isPeopleSideBySide(value: string): boolean {
  const words = value.split(/\s+/);
  return words.length >= 4 && !/[,&]|\s(?:and|of|the|y)\s/i.test(value) && !ENTITY_WORD.test(value) && words.every((word) => !/^\p{Lu}\.$/u.test(word));
}

/**
 * A labelled party's name may wrap onto the next line ("… and Marcus" /
 * "Sullivan", "… Trust" / "dated May 2, 2001"), where it fills that line;
 * when it stops partway along the next line, it ran into a heading and the
 * line below ("… Family Trust" / "Dates" / "Offer date …"), so it ends
 * where the label's line ends.
 */
function labelledName(clause: Clause, start: number): ReturnType<typeof nameAfter> {
  const name = nameAfter(clause.text, start);
  const labelLineEnd = pieceEnd(clause, start);
  if (!name || name.end <= labelLineEnd) return name;
  const restOfLine = clause.text.slice(name.end, pieceEnd(clause, name.end));
  const labelLine = clause.text.slice(0, labelLineEnd);
  // A line ending on an entity's own word ("… Family Trust") holds the whole name: a capitalised word below it is a heading ("Dates").
  const entityComplete = /\b(?:Trust|Estate|LLC|L\.L\.C\.|Inc\.?|LP|L\.P\.|Company|Partners|Ltd\.?)\s*$/.test(labelLine) && /^\s*\p{Lu}/u.test(clause.text.slice(labelLineEnd));
  if (!/\p{L}/u.test(restOfLine) && !entityComplete) return name;
  // "Buyer: Redfern Capital Residential" / "Acquisitions Fund II, L.P., by its general partner": a name ending in an entity's suffix, or at a comma, ended there.
  if (!entityComplete && (/\b(?:LLC|L\.L\.C\.|Inc\.?|L\.P\.|LP|Ltd\.?|Corp\.?)$/.test(name.value) || /^,/.test(clause.text.slice(name.end)))) return name;
  // "… Family Trust dated" / "3/14/2008": the trust's date wrapped onto the next line belongs to it.
  if (/\bdated\s*$/i.test(labelLine) && /\d{4}$/.test(name.value)) return name;
  // A label's line ending mid-name ("… and", "Harbor Light Trust,", "… Trust dated") holds only part of it: better none.
  return /(?:\band|&|,|\bof|\bthe|\bby|\bdated|-)\s*$/i.test(labelLine) ? null : nameAfter(labelLine, start);
}

function parties(clause: Clause): NameOffer[] {
  const offers: NameOffer[] = [];
  const label = PARTY_LABEL.exec(clause.text);
  // "SELLER: ______ Lorraine Castellano, Administrator" is a signature line: the signer printed under a blank, not the party as the contract names it.
  const signatureLine = label !== null && /^[\s_]*_{3,}/.test(clause.text.slice(label[0].length));
  if (label && !signatureLine && !/^\s*\w+'s/i.test(clause.text.slice(label.index))) {
    const name = labelledName(clause, label[0].length);
    if (name) offers.push({ key: roleKey(label[1]), ...name });
  }
  for (const match of clause.text.matchAll(ROLE_AFTER)) {
    // "OFFER FROM (Buyer): SGT. …": a role with a colon after it labels the name that follows.
    if (clause.text.slice(match.index + match[0].length).startsWith(':')) continue;
    const kind = ENTITY_KIND.exec(clause.text.slice(0, match.index));
    const name = nameBefore(clause.text, kind ? kind.index : match.index);
    if (name) offers.push({ key: roleKey(match[1] ?? match[2]), ...name });
  }
  // A party's name has at least two words: one word alone ("Fitzgerald-Nakamura") is the end of a name read across a column.
  return offers.filter((offer) => offer.value.split(/\s+/).length >= 2 && !isPeopleSideBySide(offer.value));
}

/** A brokerage's name, not its agent's: the buyer's agent is a person. */
const BROKERAGE_WORD = /\b(?:Realty|Realtors?|Properties|Partners|Group|Homes|Brokerage|Real\s+Estate|Company|Co|Inc|LLC|Team)\b/;

/**
 * TREC's broker block: an "Associate's Name:" belongs to the firm above it,
 * the buyer's when that firm "represents Buyer" (the "Other Broker Firm"),
 * the seller's under "Listing Broker Firm". Read from the page's words
 * before the clause, since the firm and its associate are separate lines.
 */
function associateOfBuyersFirm(clause: Clause): boolean {
  const from = clause.pieces[0]?.from ?? 0;
  const before = clause.page.text.slice(Math.max(0, from - 300), from);
  const last = (pattern: RegExp) => Math.max(-1, ...[...before.matchAll(pattern)].map((match) => match.index));
  const buyerFirm = last(/represents\s+(?:\[[xX]\]\s*)?Buyer\s+only|Other\s+Broker\s+Firm/g);
  const sellerFirm = last(/Listing\s+(?:Broker|Associate)|represents\s+(?:\[[xX]\]\s*)?Seller/g);
  return buyerFirm > sellerFirm;
}

/** "Buyer's Agent: X, Brokerage", "Selling Associate (Buyer's Agent): X", "Buyer is represented by X", "Purchaser's agent is X of Brokerage", "X of Brokerage represents Buyer". */
function buyerAgent(clause: Clause): NameOffer[] {
  const label =
    /(?:Buyer'?s'?\s+(?:Agent|Associate)|Selling\s+Associate)(?:\s*\([^)]*\))?\s*(?::|\.{3,}|\|)/i.exec(clause.text) ??
    (/^\s*Associate'?s\s+Name\s*:/i.test(clause.text) && associateOfBuyersFirm(clause) ? /Associate'?s\s+Name\s*:/i.exec(clause.text) : null);
  const byPhrase = /(?:Buyer|Purchaser)\s+is\s+represented\s+by\s|(?:Buyer|Purchaser)'?s\s+agent\s+is\s/i.exec(clause.text);
  const start = label ? label.index + label[0].length : byPhrase ? byPhrase.index + byPhrase[0].length : -1;
  // A person has a first and a last name: one word alone is part of a name cut by a wrap.
  const person = (offers: NameOffer[]) => offers.filter((offer) => !BROKERAGE_WORD.test(offer.value) && /\s/.test(offer.value));
  if (start >= 0) {
    // An agent's name stands on the label's line ("Buyer's Agent: Owen Brooks" / "This offer was accepted …").
    const line = label ? clause.text.slice(0, lineEnd(clause, start)) : clause.text;
    let name = nameAfter(line.replace(/,/g, ';'), start);
    // "Buyer's Agent: Bartholomew" / "Osei-Mensah of Wine Road Realty": a first name alone at the line's end wraps onto the next line.
    if (name && !/\s/.test(name.value) && name.end === line.trimEnd().length) name = nameAfter(clause.text.replace(/,/g, ';'), start);
    return name ? person([{ key: 'buyer_agent_name', ...name, value: name.value.replace(/\s+of\s.*$/, '') }]) : [];
  }
  const represents = /(?:,\s*Associate,)?\s+(?:of\s+[^,.;]+?\s+)?represents\s+Buyer\b/.exec(clause.text);
  if (!represents) return [];
  const name = nameBefore(clause.text, represents.index);
  // "Listing Associate: Colton Vance" / "represents Buyer only …" (the next column's line): the listing side's agent is never the buyer's.
  if (name && /(?:Listing|Seller'?s'?)\s+(?:Associate|Agent|Broker)\b[^:]{0,20}:\s*$/i.test(clause.text.slice(0, name.start))) return [];
  return name ? person([{ key: 'buyer_agent_name', ...name }]) : [];
}

/** A company's name has at least two words, and is not a label's own words. */
const looksLikeCompany = (value: string) => value.split(' ').length >= 2 && !/^(?:Escrow Holder|Title Company|Escrow Agent)$/i.test(value);
/** A title company or escrow holder is a company that says what it does ("… Title", "… Escrow, Inc.", "… Abstract"): a person (an escrow officer) is not one. */
const looksLikeTitleCompany = (value: string) =>
  looksLikeCompany(value) && /\b(?:Title|Escrow|Abstract|Guaranty|Settlement|Closing|Company|Co|Inc|LLC|Group|Services|Agency)\b/i.test(value);
/** A lender named in prose ("loan … with X") is a lending company; "with Origination Charges" names none. */
const looksLikeLender = (value: string) =>
  looksLikeCompany(value) && /(?:Bank|Mortgage|Lending|Loans?|Credit\s+Union|Financial|Funding|Capital|Savings|Finance|Lenders?)\b|\b(?:Inc|LLC|L\.L\.C|N\.A|Corp|Company|Co|Ltd|FSB)\b/.test(value);

/** "Title Company:", "Escrow Holder & Title", "Title company / escrow agent:" (an escrow officer is a person, not the company). */
const TITLE_ROLE = String.raw`(?:Title\s+Company|Title\s+Co\.?|Escrow\s+(?:Holder|Agent|Company)|Closing\s+Agent|Settlement\s+Agent|Title\s+Insurer|Title|Escrow)`;
const TITLE_LABEL = new RegExp(String.raw`(?:${TITLE_ROLE}(?:\s*(?:\/|&|and|or)\s*${TITLE_ROLE})+|Title\s+Company|Title\s+Co\.|Escrow\s+Holder|Escrow\s+Agent|Escrow\s+Company|Closing\s+Agent|Settlement\s+Agent|Title\s+Insurer)(?:\s+Acknowledge?ments?)?\s*(?::|\.{3,}|\|)`, 'i');
/** "Title: X" or "Escrow: X" alone: the heading of many clauses, so its value must name a title or escrow business. */
const BARE_TITLE_LABEL = /^\s*(?:Title|Escrow)\s*(?::|\.{3,})\s*/i;
const TITLE_AFTER = /\s*(?:\(\s*(?:the\s+)?["“]?(?:Title\s+Company|Escrow\s+Holder|Escrow\s+Agent)(?:\s+(?:and|&|\/)\s+(?:Title\s+Company|Escrow\s+Holder|Escrow\s+Agent))?["”]?\s*\)|,\s*as\s+(?:the\s+)?(?:escrow\s+(?:agent|holder)|title\s+company)\b|\s+acknowledges\s+receipt|\s+shall\s+issue\s+(?:a|the)\s+title)/gi;
const TITLE_BEFORE = /(?:(?:deposit|earnest\s+money|escrow)[^;]{0,60}?\b(?:with|held\s+by)|escrow\s+(?:holder|agent)(?:\s+(?:shall\s+be|will\s+be|is|remains))?|(?:title\s+(?:insurance|policy)|policy\s+of\s+title\s+insurance)[^;]{0,60}?\bissued\s+by)\s+(?=\p{Lu})/giu;

function titleCompany(clause: Clause): NameOffer[] {
  const offers: NameOffer[] = [];
  const push = (name: ReturnType<typeof nameAfter>) => {
    if (name && looksLikeTitleCompany(name.value)) offers.push({ key: 'title_company', ...name });
  };
  const label = TITLE_LABEL.exec(clause.text);
  if (label) push(nameAfter(clause.text, label.index + label[0].length));
  const bare = label ? null : BARE_TITLE_LABEL.exec(clause.text);
  const bareName = bare ? nameAfter(clause.text, bare[0].length) : null;
  if (bareName && /\b(?:Title|Escrow|Abstract|Guaranty)\b/.test(bareName.value)) push(bareName);
  for (const match of clause.text.matchAll(TITLE_AFTER)) push(nameBefore(clause.text, match.index));
  for (const match of clause.text.matchAll(TITLE_BEFORE)) push(nameAfter(clause.text, match.index + match[0].length));
  return offers;
}

/**
 * The lender's name in a "Lender:" cell: the whole cell ("PrimeLending, a
 * PlainsCapital Company") up to what only follows a name — a parenthesis
 * ("(LO: Kristin Vo, NMLS …)"), its city and state ("…, Ontario CA"), the
 * end of its sentence, or the next column's words; without a scan's specks.
 */
function lenderCell(line: string): string {
  return line
    .split(/\s*[|;(]/)[0]
    .replace(/\.\s+\S.*$/, '')
    .replace(/,\s+(?:\p{Lu}[\p{L}.'-]*\s+){1,3}(?:[A-Z]{2}|California|Texas)\b.*$/u, '')
    // A scan's speck stuck to a lower-case word ("PrimeLending, -a PlainsCapital Company").
    .replace(/(\s)[-–—~'‘’"“]+(?=\p{Ll})/gu, '$1');
}

/** "Lender: X" (the whole cell: "PrimeLending, a PlainsCapital Company"), "loan … from X", "financing through X", "Financing: Conventional, X". */
function lender(clause: Clause): NameOffer[] {
  const label = /\bLender(?:\s+Name)?\s*(?::|\.{3,}|\|)\s*/i.exec(clause.text);
  if (label) {
    const start = label.index + label[0].length;
    const cell = lenderCell(clause.text.slice(start, lineEnd(clause, start)));
    // Values are compared without full stops, so "N.A." and a sentence's last dot need no care here.
    // A lone number after the name is a speck ("Golden 1 Credit Union 3"), not part of it.
    const value = cleanName(cell.replace(/\s+\d{1,2}\s*$/, '')) ?? '';
    // A sentence after an empty label is not a lender's name; a name cut by a wrap ("Pacific" / "Freedom Mortgage") is not one either.
    const named = /^\p{Lu}/u.test(value) && !/^_+$/.test(value) && !/\b(?:shall|will|must|may|is|are)\b/.test(value) && looksLikeLender(value);
    return named ? [{ key: 'lender', value, start, end: start + cell.length }] : [];
  }
  const phrase = /(?:\bloan\b[^;]{0,60}?\b(?:from|with|through)|financing\s+through|^\s*(?:\(?[a-z]\)\s*)?Financing\s*(?::|\.{3,})\s*(?:Conventional|FHA|VA|USDA)[^,;]*,)\s+(?=\p{Lu})/iu.exec(clause.text);
  if (!phrase) return [];
  const name = nameAfter(clause.text, phrase.index + phrase[0].length);
  return name && looksLikeLender(name.value) ? [{ key: 'lender', ...name }] : [];
}

/** The names a clause gives: parties, the buyer's agent, the title company, the lender. */
export function nameOffers(clause: Clause): NameOffer[] {
  return [...parties(clause), ...buyerAgent(clause), ...titleCompany(clause), ...lender(clause)].filter((offer) => offer.key !== undefined);
}
