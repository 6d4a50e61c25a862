import { getCountries, getCountryCallingCode, type CountryCode } from 'libphonenumber-js';

interface DialCode {
  /** ISO 3166-1 alpha-2, e.g. 'IN' (what the API expects). */
  country: CountryCode;
  name: string;
  callingCode: string;
  label: string;
}

let cached: DialCode[] | null = null;

/** Every country known to libphonenumber-js with its dial code, sorted by English name. */
export function dialCodes(): DialCode[] {
  if (cached) return cached;
  const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
  cached = getCountries()
    .map((country) => {
      const callingCode = getCountryCallingCode(country);
      const name = names.of(country) ?? country;
      return { country, name, callingCode, label: `${name} (+${callingCode})` };
    })
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  return cached;
}

/** A sensible preselection: the region of the browser's language (e.g. 'en-IN' -> 'IN'), if known. */
export function defaultCountry(): string {
  try {
    const region = new Intl.Locale(navigator.language).maximize().region;
    return region && dialCodes().some((c) => c.country === region) ? region : '';
  } catch {
    return '';
  }
}
