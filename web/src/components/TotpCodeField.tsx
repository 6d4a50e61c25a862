import { Field, Input } from '@chakra-ui/react';

/** A complete authenticator code: six digits. */
export const isTotpCode = (code: string) => /^\d{6}$/.test(code);

/**
 * The 6-digit code of the member's authenticator app (log-in and turning two-factor on), digits
 * only. `incomplete` marks a submit without six digits; the server's answer is the parent's to show.
 * Not OtpField: nothing is sent for this code (no button, no 'OTP sent'), and it has its own label
 * and error text.
 */
export function TotpCodeField({
  value,
  onChange,
  incomplete,
}: {
  value: string;
  onChange: (code: string) => void;
  incomplete: boolean;
}) {
  return (
    <Field.Root required invalid={incomplete}>
      <Field.Label>Authenticator code</Field.Label>
      <Input
        name="totp"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        placeholder="6-digit code"
        fontFamily="mono"
        letterSpacing="0.2em"
        _placeholder={{ fontFamily: 'body', letterSpacing: 'normal' }}
        value={value}
        onChange={(e) => onChange(e.target.value.replace(/\D/g, ''))}
      />
      <Field.HelperText>The code your authenticator app shows for Trendex now.</Field.HelperText>
      <Field.ErrorText>Enter the 6-digit code from your authenticator app.</Field.ErrorText>
    </Field.Root>
  );
}
