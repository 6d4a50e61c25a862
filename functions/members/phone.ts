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
  /** Digits of the national number: the lookup's partition. */
  nationalNumber: string;
  /** Set when the search named the country too ("+91 …" or "0091 …"): only that exact number. */
  e164?: string;
}

/**
 * What an admin typed in the Mobile No search, as a lookup: spaces, dashes, dots and brackets are
 * ignored; "+" or "00" starts an international number; otherwise the digits are the national
 * number with any trunk zeros dropped (the spec: "phone search value becomes a number").
 */
export const phoneSearchOf = (text: string): PhoneSearch | null => {
  const compact = text.trim().replace(/[\s\-().]/g, '');
  if (/^(\+|00)\d{6,15}$/.test(compact)) {
    const parsed = parsePhoneNumberFromString(compact.replace(/^00/, '+'));
    if (!parsed?.isPossible()) return null;
    return { nationalNumber: parsed.nationalNumber, e164: parsed.number };
  }
  if (/^\d{4,17}$/.test(compact)) {
    const digits = compact.replace(/^0+/, '');
    return digits.length >= 4 ? { nationalNumber: digits } : null;
  }
  return null;
};
