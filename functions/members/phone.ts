/**
 * Mobile numbers as the table keys them (pure). Sign-up stores the E.164 form ("+919876543210",
 * parsed for the chosen country); the admin's profile search finds members by the national number
 * ("9876543210", any country) or by the whole international number ("+91 98765 43210").
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js';

/** The national (significant) number of a stored E.164 number, or null when it is not one. */
export const nationalNumberOf = (e164: string): string | null => {
  if (!e164) return null;
  const parsed = parsePhoneNumberFromString(e164);
  return parsed ? parsed.nationalNumber : null;
};

export interface PhoneSearch {
  /**
   * The national numbers whose partitions hold the matches: the digits typed, or for an
   * international number each way to split it after its country code (1 to 3 digits).
   */
  nationalNumbers: string[];
  /** Set when the search named the country too ("+91 …" or "0091 …"): only that exact number. */
  e164?: string;
}

/**
 * What an admin typed in the Mobile No search, as a lookup: spaces, dashes, dots and brackets are
 * ignored; "+" or "00" starts an international number; otherwise the digits are the national
 * number with any trunk zeros dropped (the spec: "phone search value becomes a number").
 * An international number is matched exactly, in the partitions of its possible national parts:
 * a stored number sits under the one its country gives it, so the other splits find nothing. That
 * needs no numbering plan here (libphonenumber's is 118 KB of the admin function).
 */
export const phoneSearchOf = (text: string): PhoneSearch | null => {
  // "+44 (0)20 …": the bracketed trunk zero is not dialled after the country code
  const compact = text
    .trim()
    .replace(/\(0\)/g, '')
    .replace(/[\s\-().]/g, '');
  const international = /^(?:\+|00)(\d{6,15})$/.exec(compact);
  if (international) {
    const digits = international[1];
    return {
      nationalNumbers: [1, 2, 3].map((codeLength) => digits.slice(codeLength)),
      e164: `+${digits}`,
    };
  }
  if (/^\d{4,17}$/.test(compact)) {
    const digits = compact.replace(/^0+/, '');
    return digits.length >= 4 ? { nationalNumbers: [digits] } : null;
  }
  return null;
};
