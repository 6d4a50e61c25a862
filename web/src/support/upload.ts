/** A complaint image, checked here as the server and S3 check it, then posted straight to S3. */
import { complaintMessages, ImageType, MAX_IMAGE_BYTES } from '#api/schemas/support';
import { callApi } from '../lib/api';

/** Why this file cannot be sent, or null. */
export const imageProblem = (file: File | null | undefined): string | null => {
  if (!file) return complaintMessages.noImage;
  if (file.size > MAX_IMAGE_BYTES) return complaintMessages.imageTooLarge;
  if (!ImageType.safeParse(file.type).success) return complaintMessages.notImage;
  return null;
};

/** Uploads by presigned POST (S3 itself refuses more than 500,000 bytes); answers the key. */
export const uploadImage = async (file: File): Promise<string> => {
  const post = await callApi('createImageUpload', {
    contentType: file.type as 'image/png',
    size: file.size,
  });
  const form = new FormData();
  for (const [k, v] of Object.entries(post.fields)) form.append(k, v);
  form.append('file', file);
  const answer = await fetch(post.url, { method: 'POST', body: form });
  if (!answer.ok)
    throw new Error(
      answer.status === 400 ? complaintMessages.imageTooLarge : 'The image could not be uploaded. Try again.',
    );
  return post.key;
};
