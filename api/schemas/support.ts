import * as z from 'zod';
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

/* ---------- complaints and their chat (/complain, /chatreply) ---------- */

/** The largest image a complaint or a chat message may carry (spec: 500000 bytes). */
export const MAX_IMAGE_BYTES = 500_000;

export const complaintMessages = {
  noImage: 'No image selected.',
  imageTooLarge: 'Image size exceeds the maximum limit of 500KB.',
  notImage: 'Choose an image file (PNG, JPEG, GIF or WebP).',
  resolved: 'Complaint resolved successfully.',
  submitted: 'Your complaint is registered. Support answers in its chat.',
  closedChat: 'This complaint is resolved; its chat is closed.',
  emptyMessage: 'Write a message or attach an image.',
} as const;

export const ImageType = z.enum(['image/png', 'image/jpeg', 'image/gif', 'image/webp'], {
  error: complaintMessages.notImage,
});

export const ImageUploadRequest = z.object({
  contentType: ImageType,
  size: z
    .number({ error: complaintMessages.noImage })
    .int()
    .min(1, { error: complaintMessages.noImage })
    .max(MAX_IMAGE_BYTES, { error: complaintMessages.imageTooLarge }),
});
/** A presigned POST: the form's URL and fields; the file goes last, as `file`. */
export const ImageUpload = z.object({
  url: z.string(),
  fields: z.record(z.string(), z.string()),
  key: z.string(),
});

const ImageKey = z.string().max(300);

export const ComplaintRequest = z.object({
  email: Email,
  description: z
    .string({ error: 'Describe the problem.' })
    .trim()
    .min(5, { error: 'Describe the problem in a few words.' })
    .max(4000),
  imageKey: ImageKey.min(1, { error: complaintMessages.noImage }),
});

export const ComplaintStatus = z.enum(['pending', 'resolved']);
export const Complaint = z.object({
  id: z.string(),
  submitter: z.string().describe("the member's name"),
  email: z.string(),
  status: ComplaintStatus,
  createdAt: z.string(),
});
export const ComplaintAnswer = z.object({ message: z.string(), complaint: Complaint });
export const ComplaintList = z.object({ items: z.array(Complaint) });
export const StaffComplaintsQuery = z.object({ status: ComplaintStatus.default('pending') });

export const ComplaintRef = z.object({ complaintId: z.string().min(1).max(64) });
export const ChatMessage = z.object({
  id: z.string(),
  from: z.enum(['member', 'support']),
  text: z.string(),
  /** A short-lived link to the image, for the complaint's member and support only. */
  imageUrl: z.string().optional(),
  date: z.string(),
});
export const ComplaintChat = z.object({ complaint: Complaint, messages: z.array(ChatMessage) });
export const ChatMessageRequest = ComplaintRef.extend({
  text: z.string().trim().max(2000).default(''),
  imageKey: ImageKey.optional(),
});
