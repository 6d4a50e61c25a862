import {
  Box,
  Button,
  Field,
  Fieldset,
  Grid,
  HStack,
  Input,
  Link,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { LuCircleCheck } from 'react-icons/lu';
import { Navigate, Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { SignUpRequest } from '#api/schemas/auth';
import { AuthCard } from '../components/AuthCard';
import { CountryCodeSelect } from '../components/CountryCodeSelect';
import { defaultCountry } from '../lib/countries';
import { FormAlert } from '../components/FormAlert';
import { NativeChoice } from '../components/NativeChoice';
import { PasswordChecklist, passwordPasses } from '../components/PasswordChecklist';
import { PasswordInput } from '../components/PasswordInput';
import { homeFor } from '../layout/guards';
import { ApiError, callApi, errorMessage } from '../lib/api';
import { useSessionUser } from '../lib/auth';

export const WRONG_SPONSOR_MESSAGE = 'Your direct referal id is incorrect.';

const SignUpSchema = SignUpRequest.extend({
  acceptTerms: z.boolean().refine((v) => v, { error: 'Accept the Terms and Conditions to continue.' }),
});
type SignUpInput = z.input<typeof SignUpSchema>;
type FieldName = keyof SignUpInput;
const fieldNames: FieldName[] = [
  'email',
  'password',
  'name',
  'username',
  'country',
  'mobile',
  'sponsor',
  'side',
  'acceptTerms',
];

const normalizeSponsor = (v: string) => v.trim().toLowerCase();

interface SponsorState {
  value: string;
  status: 'yes' | 'no';
  name?: string;
}

/** /signup: the form for a visitor; a signed-in user already has an account and goes home. */
export default function SignUp() {
  const user = useSessionUser();
  return user ? <Navigate to={homeFor(user.isAdmin)} replace /> : <SignUpForm />;
}

function SignUpForm() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const initialSponsor = params.get('sposer') ?? '';
  const sideParam = params.get('side');
  const initialSide = sideParam?.toLowerCase() === 'right' ? 'Right' : 'Left';

  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SignUpInput, unknown, z.output<typeof SignUpSchema>>({
    resolver: zodResolver(SignUpSchema),
    mode: 'onTouched',
    defaultValues: {
      email: '',
      password: '',
      name: '',
      username: '',
      country: defaultCountry(),
      mobile: '',
      sponsor: initialSponsor,
      side: initialSide,
      acceptTerms: false,
    },
  });
  const password = useWatch({ control, name: 'password' }) ?? '';
  const sponsor = useWatch({ control, name: 'sponsor' }) ?? '';

  const [sponsorCheck, setSponsorCheck] = useState<SponsorState | null>(null);
  const checkSponsor = useMutation({
    mutationFn: (userid: string) => callApi('checkSponsor', { userid }),
    onSuccess: (res, userid) => setSponsorCheck({ value: userid, status: res.status, name: res.name }),
  });
  const verifySponsor = () => {
    const userid = normalizeSponsor(sponsor);
    if (userid) checkSponsor.mutate(userid);
  };

  // A referral link (?sposer=…) verifies its sponsor right away.
  const autoChecked = useRef(false);
  useEffect(() => {
    if (autoChecked.current || !initialSponsor) return;
    autoChecked.current = true;
    checkSponsor.mutate(normalizeSponsor(initialSponsor));
  }, [initialSponsor, checkSponsor]);

  const current = sponsorCheck && sponsorCheck.value === normalizeSponsor(sponsor) ? sponsorCheck : null;
  const sponsorVerified = current?.status === 'yes';
  const sponsorError =
    current?.status === 'no'
      ? WRONG_SPONSOR_MESSAGE
      : checkSponsor.isError
        ? errorMessage(checkSponsor.error)
        : errors.sponsor?.message;

  const signUp = useMutation({
    mutationFn: (input: z.output<typeof SignUpSchema>) => callApi('signUp', { ...input, acceptTerms: true }),
  });

  const onSubmit = handleSubmit((values) =>
    signUp.mutate(values, {
      onSuccess: () => navigate('/success', { state: { email: values.email } }),
      onError: (error) => {
        if (error instanceof ApiError && error.field && fieldNames.includes(error.field as FieldName)) {
          setError(error.field as FieldName, { message: error.message }, { shouldFocus: true });
        }
      },
    }),
  );
  const formError =
    signUp.error &&
    !(signUp.error instanceof ApiError && fieldNames.includes(signUp.error.field as FieldName))
      ? errorMessage(signUp.error)
      : null;

  const canSubmit = passwordPasses(password) && sponsorVerified;

  return (
    <AuthCard
      title="Create an Account"
      subtitle="Join Trendex under your sponsor and start trading with bots on your own exchange account."
      maxW="2xl"
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="5">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <Field.Root required invalid={!!errors.email}>
              <Field.Label>E-mail</Field.Label>
              <Input type="email" autoComplete="email" placeholder="you@example.com" {...register('email')} />
              <Field.ErrorText>{errors.email?.message}</Field.ErrorText>
            </Field.Root>
            <Field.Root required invalid={!!errors.name}>
              <Field.Label>Name</Field.Label>
              <Input autoComplete="name" placeholder="Your full name" {...register('name')} />
              <Field.ErrorText>{errors.name?.message}</Field.ErrorText>
            </Field.Root>
          </SimpleGrid>

          <Field.Root required invalid={!!errors.password}>
            <Field.Label>Password</Field.Label>
            <PasswordInput
              autoComplete="new-password"
              aria-describedby="password-rules"
              {...register('password')}
            />
            <PasswordChecklist id="password-rules" password={password} />
            <Field.ErrorText>{errors.password?.message}</Field.ErrorText>
          </Field.Root>

          <Field.Root required invalid={!!errors.username}>
            <Field.Label>Username</Field.Label>
            <Input autoComplete="username" placeholder="letters, digits or _" {...register('username')} />
            <Field.HelperText>Your referral id: members who join through you enter it.</Field.HelperText>
            <Field.ErrorText>{errors.username?.message}</Field.ErrorText>
          </Field.Root>

          <Grid templateColumns={{ base: '1fr', md: '2fr 3fr' }} gap="4">
            <Field.Root required invalid={!!errors.country}>
              <Field.Label>Country code</Field.Label>
              <CountryCodeSelect autoComplete="country" {...register('country')} />
              <Field.ErrorText>{errors.country?.message}</Field.ErrorText>
            </Field.Root>
            <Field.Root required invalid={!!errors.mobile}>
              <Field.Label>Mobile number</Field.Label>
              <Input type="tel" inputMode="numeric" autoComplete="tel-national" {...register('mobile')} />
              <Field.ErrorText>{errors.mobile?.message}</Field.ErrorText>
            </Field.Root>
          </Grid>

          <Field.Root required invalid={!!sponsorError}>
            <Field.Label>Referral id</Field.Label>
            <HStack w="full" align="flex-start">
              <Input placeholder="Your sponsor's username" {...register('sponsor')} />
              <Button
                type="button"
                variant="outline"
                colorPalette="brand"
                onClick={verifySponsor}
                loading={checkSponsor.isPending}
                disabled={!normalizeSponsor(sponsor)}
              >
                Verify
              </Button>
            </HStack>
            {sponsorVerified ? (
              <HStack color="gain.fg" fontSize="sm" role="status">
                <LuCircleCheck aria-hidden />
                <Text>{current?.name ? `Sponsor: ${current.name}` : 'Referral id verified.'}</Text>
              </HStack>
            ) : (
              !sponsorError && (
                <Field.HelperText>Verify the referral id of the member who invited you.</Field.HelperText>
              )
            )}
            <Field.ErrorText>{sponsorError}</Field.ErrorText>
          </Field.Root>

          <Fieldset.Root invalid={!!errors.side}>
            <Fieldset.Legend fontSize="sm" fontWeight="medium">
              Team side
            </Fieldset.Legend>
            <HStack gap="6" mt="2" role="radiogroup" aria-label="Team side">
              <NativeChoice type="radio" value="Left" {...register('side')}>
                Left
              </NativeChoice>
              <NativeChoice type="radio" value="Right" {...register('side')}>
                Right
              </NativeChoice>
            </HStack>
            <Fieldset.ErrorText>{errors.side?.message}</Fieldset.ErrorText>
          </Fieldset.Root>

          <Field.Root invalid={!!errors.acceptTerms}>
            <NativeChoice type="checkbox" {...register('acceptTerms')}>
              I Accept Terms and Conditions
            </NativeChoice>
            <Text fontSize="xs" color="fg.muted">
              Trading bots act on your own exchange account; crypto prices are volatile and you may lose
              money. Plans are paid from your Trendex wallet and are not refundable once active. Read the{' '}
              <Link asChild color="brand.fg" textDecoration="underline">
                <RouterLink to="/terms" target="_blank" rel="noopener">
                  Terms and Conditions (opens in a new tab)
                </RouterLink>
              </Link>
              .
            </Text>
            <Field.ErrorText>{errors.acceptTerms?.message}</Field.ErrorText>
          </Field.Root>

          {formError && <FormAlert status="error">{formError}</FormAlert>}

          <Box>
            <Button
              type="submit"
              colorPalette="brand"
              size="lg"
              w="full"
              disabled={!canSubmit}
              loading={signUp.isPending}
              loadingText="Creating your account…"
            >
              Create Account
            </Button>
            {!canSubmit && (
              <Text fontSize="xs" color="fg.muted" mt="2" textAlign="center">
                Meet every password rule and verify the referral id to continue.
              </Text>
            )}
          </Box>

          <Text fontSize="sm" color="fg.muted" textAlign="center">
            Already a member?{' '}
            <Link asChild color="brand.fg" fontWeight="semibold">
              <RouterLink to="/login">Log in here</RouterLink>
            </Link>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
