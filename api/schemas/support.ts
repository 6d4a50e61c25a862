import { z } from 'zod';
import { Email } from './common';

export const ContactRequest = z.object({
  firstName: z
    .string({ error: 'First name is required.' })
    .trim()
    .min(1, { error: 'First name is required.' })
    .max(60),
  lastName: z
    .string({ error: 'Last name is required.' })
    .trim()
    .min(1, { error: 'Last name is required.' })
    .max(60),
  email: Email,
  country: z.string().regex(/^[A-Z]{2}$/, { error: 'Choose a country code.' }),
  mobile: z
    .string()
    .trim()
    .regex(/^[0-9 ]{4,17}$/, { error: 'Enter a valid mobile number.' }),
  message: z
    .string({ error: 'Message is required.' })
    .trim()
    .min(5, { error: 'Message is too short.' })
    .max(4000),
});
export type ContactRequest = z.infer<typeof ContactRequest>;
