import { NativeSelect } from '@chakra-ui/react';
import { forwardRef, useMemo } from 'react';
import { dialCodes } from '../lib/countries';

type Props = Omit<React.SelectHTMLAttributes<HTMLSelectElement>, 'size' | 'children'>;

/**
 * The country dial-code select used by sign-up and contact: every country from libphonenumber-js,
 * named with Intl.DisplayNames. Its value is the ISO alpha-2 code (e.g. 'IN'). Place it inside a
 * Field.Root whose label is 'Country code'.
 */
export const CountryCodeSelect = forwardRef<HTMLSelectElement, Props>(function CountryCodeSelect(props, ref) {
  const options = useMemo(() => dialCodes(), []);
  return (
    <NativeSelect.Root>
      <NativeSelect.Field ref={ref} {...props}>
        <option value="">Select country code</option>
        {options.map((c) => (
          <option key={c.country} value={c.country}>
            {c.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
});
