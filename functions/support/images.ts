/**
 * Complaint images in S3 (the images bucket; locally s3rver behind local/s3.ts): a presigned POST
 * whose policy holds the key, the type and the 500,000-byte limit, so the browser uploads straight
 * to S3 and S3 refuses anything else; a look at an uploaded object's size; and short-lived GET links
 * given only to the complaint's member and support.
 */
import { HeadObjectCommand, GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { MAX_IMAGE_BYTES } from '#api/schemas/support';

const UPLOAD_SECONDS = 300;
const VIEW_SECONDS = 600;

let s3: S3Client | undefined;
const client = () =>
  (s3 ??= new S3Client(
    process.env.S3_ENDPOINT ? { endpoint: process.env.S3_ENDPOINT, forcePathStyle: true } : {},
  ));

const bucket = () => {
  const name = process.env.IMAGES_BUCKET;
  if (!name) throw new Error('IMAGES_BUCKET is not set');
  return name;
};

/** Where a member's uploads go: only keys under it are accepted from that member. */
export const memberImagePrefix = (memberId: string) => `complaints/${memberId}/`;

export const presignImageUpload = async (key: string, contentType: string) => {
  const post = await createPresignedPost(client(), {
    Bucket: bucket(),
    Key: key,
    Conditions: [
      ['content-length-range', 1, MAX_IMAGE_BYTES],
      ['eq', '$Content-Type', contentType],
    ],
    Fields: { 'Content-Type': contentType },
    Expires: UPLOAD_SECONDS,
  });
  return { url: post.url, fields: post.fields, key };
};

/** The uploaded object's size, or null when nothing was uploaded under the key. */
export const uploadedSize = async (key: string): Promise<number | null> => {
  try {
    const head = await client().send(new HeadObjectCommand({ Bucket: bucket(), Key: key }));
    return head.ContentLength ?? 0;
  } catch (error) {
    const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
    if (e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404) return null;
    throw error;
  }
};

export const imageViewUrl = (key: string) =>
  getSignedUrl(client(), new GetObjectCommand({ Bucket: bucket(), Key: key }), { expiresIn: VIEW_SECONDS });
