import {
  Box,
  Button,
  Container,
  Field,
  Grid,
  Heading,
  HStack,
  Input,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import type { IconType } from 'react-icons';
import { LuClock, LuHeadset, LuMail } from 'react-icons/lu';
import type { z } from 'zod';
import { ContactRequest } from '#api/schemas/support';
import { CountryCodeSelect } from '../components/CountryCodeSelect';
import { defaultCountry } from '../lib/countries';
import { FormAlert } from '../components/FormAlert';
import { PageHeader } from '../components/PageHeader';
import { ApiError, callApi, errorMessage } from '../lib/api';

type ContactInput = z.input<typeof ContactRequest>;
type FieldName = keyof ContactInput;
const fields: FieldName[] = ['firstName', 'lastName', 'email', 'country', 'mobile', 'message'];

const info: { icon: IconType; title: string; text: string }[] = [
  {
    icon: LuHeadset,
    title: 'Member support',
    text: 'For help with your account, send the form below with the e-mail address you signed up with.',
  },
  {
    icon: LuClock,
    title: 'Response time',
    text: 'We answer every message within one business day, usually much faster.',
  },
  {
    icon: LuMail,
    title: 'Partnerships',
    text: 'Exchanges, educators and community leaders: tell us what you have in mind.',
  },
];

export default function ContactUs() {
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<ContactInput, unknown, z.output<typeof ContactRequest>>({
    resolver: zodResolver(ContactRequest),
    mode: 'onTouched',
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      country: defaultCountry(),
      mobile: '',
      message: '',
    },
  });
  const send = useMutation({
    mutationFn: (input: z.output<typeof ContactRequest>) => callApi('sendContactMessage', input),
  });

  const onSubmit = handleSubmit((values) =>
    send.mutate(values, {
      onSuccess: () => reset(),
      onError: (error) => {
        if (error instanceof ApiError && error.field && fields.includes(error.field as FieldName)) {
          setError(error.field as FieldName, { message: error.message }, { shouldFocus: true });
        }
      },
    }),
  );
  const formError =
    send.error && !(send.error instanceof ApiError && fields.includes(send.error.field as FieldName))
      ? errorMessage(send.error)
      : null;

  return (
    <>
      <PageHeader eyebrow="Contact Us" title="We are here to help">
        Questions about bots, plans or your account? Send us a message and a real person will reply.
      </PageHeader>
      <Container maxW="7xl" px={{ base: '4', md: '6' }} py={{ base: '10', md: '16' }}>
        <Grid templateColumns={{ base: '1fr', lg: '1fr 2fr' }} gap={{ base: '8', lg: '12' }}>
          <Stack gap="6">
            {info.map(({ icon: Icon, title, text }) => (
              <HStack key={title} align="flex-start" gap="4">
                <Box bg="brand.subtle" color="brand.fg" p="3" borderRadius="lg" fontSize="xl" aria-hidden>
                  <Icon />
                </Box>
                <Stack gap="1">
                  <Heading as="h2" size="md">
                    {title}
                  </Heading>
                  <Text color="fg.muted">{text}</Text>
                </Stack>
              </HStack>
            ))}
          </Stack>

          <Box
            bg="bg.surface"
            borderWidth="1px"
            borderColor="border.card"
            borderRadius="2xl"
            p={{ base: '5', md: '8' }}
            boxShadow="sm"
          >
            <form onSubmit={onSubmit} noValidate>
              <Stack gap="4">
                <Heading as="h2" size="xl">
                  Send us a message
                </Heading>
                <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                  <Field.Root required invalid={!!errors.firstName}>
                    <Field.Label>First name</Field.Label>
                    <Input autoComplete="given-name" {...register('firstName')} />
                    <Field.ErrorText>{errors.firstName?.message}</Field.ErrorText>
                  </Field.Root>
                  <Field.Root required invalid={!!errors.lastName}>
                    <Field.Label>Last name</Field.Label>
                    <Input autoComplete="family-name" {...register('lastName')} />
                    <Field.ErrorText>{errors.lastName?.message}</Field.ErrorText>
                  </Field.Root>
                </SimpleGrid>
                <Field.Root required invalid={!!errors.email}>
                  <Field.Label>E-mail</Field.Label>
                  <Input
                    type="email"
                    autoComplete="email"
                    placeholder="you@example.com"
                    {...register('email')}
                  />
                  <Field.ErrorText>{errors.email?.message}</Field.ErrorText>
                </Field.Root>
                <Grid templateColumns={{ base: '1fr', md: '2fr 3fr' }} gap="4">
                  <Field.Root required invalid={!!errors.country}>
                    <Field.Label>Country code</Field.Label>
                    <CountryCodeSelect {...register('country')} />
                    <Field.ErrorText>{errors.country?.message}</Field.ErrorText>
                  </Field.Root>
                  <Field.Root required invalid={!!errors.mobile}>
                    <Field.Label>Mobile number</Field.Label>
                    <Input
                      type="tel"
                      inputMode="numeric"
                      autoComplete="tel-national"
                      {...register('mobile')}
                    />
                    <Field.ErrorText>{errors.mobile?.message}</Field.ErrorText>
                  </Field.Root>
                </Grid>
                <Field.Root required invalid={!!errors.message}>
                  <Field.Label>Message</Field.Label>
                  <Textarea rows={6} placeholder="How can we help?" {...register('message')} />
                  <Field.ErrorText>{errors.message?.message}</Field.ErrorText>
                </Field.Root>
                {send.isSuccess && <FormAlert status="success">{send.data.message}</FormAlert>}
                {formError && <FormAlert status="error">{formError}</FormAlert>}
                <Button
                  type="submit"
                  colorPalette="brand"
                  size="lg"
                  alignSelf={{ base: 'stretch', md: 'flex-start' }}
                  loading={send.isPending}
                  loadingText="Sending…"
                >
                  Send Message
                </Button>
              </Stack>
            </form>
          </Box>
        </Grid>
      </Container>
    </>
  );
}
