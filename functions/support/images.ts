/**
 * Complaint images in S3 (the images bucket; locally s3rver behind local/s3.ts, at S3_ENDPOINT): a
 * presigned POST whose policy holds the key, the type and the 500,000-byte limit, so the browser
 * uploads straight to S3 and S3 refuses anything else; a look at an uploaded object's size; and
 * short-lived GET links given only to the complaint's member and support. All through the SDK's
 * own S3 client, presigned POST and request presigner; local/s3.ts checks both signatures the way
 * S3 does.
 */
import type { S3Client } from '@aws-sdk/client-s3';
import { MAX_IMAGE_BYTES } from '#api/schemas/support';
import { clientOptions } from '#core/aws-clients';
import { newId } from '#core/ids';

const UPLOAD_SECONDS = 300;
const VIEW_SECONDS = 600;

const bucket = () => {
  const name = process.env.IMAGES_BUCKET;
  if (!name) throw new Error('IMAGES_BUCKET is not set');
  return name;
};

/**
 * The S3 client and its presigners, loaded at the first image call rather than at every cold start
 * of the support function (most of its requests are the chat's; bench/lambda: import time is the
 * budget). Path-style at the local endpoint (one host for every bucket), the bucket's own host in AWS.
 */
let s3: Promise<S3Client> | undefined;
const client = () =>
  (s3 ??= import('@aws-sdk/client-s3').then(({ S3Client }) => {
    const endpoint = process.env.S3_ENDPOINT;
    return new S3Client({ ...clientOptions(endpoint), forcePathStyle: !!endpoint });
  }));

/** Where a member's uploads go. */
const memberImagePrefix = (memberId: string) => `complaints/${memberId}/`;

/** An object id as newId makes it (a ULID): nothing else may follow the member's prefix. */
const OBJECT_ID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

/** The key of a new upload of this member. */
export const newImageKey = (memberId: string) => `${memberImagePrefix(memberId)}${newId()}`;

/**
 * True only for a key this member's upload could have: their prefix and one object id, exactly.
 * A test of the prefix alone let `complaints/<A>/../<B>/<id>` through, which a URL resolves to
 * B's image once it is built into a link.
 */
export const isMemberImageKey = (memberId: string, key: string) => {
  const prefix = memberImagePrefix(memberId);
  return key.startsWith(prefix) && OBJECT_ID.test(key.slice(prefix.length));
};

/**
 * The form a browser posts to upload `key`: its fields, each also a condition of the policy, and
 * the policy signed with the day's S3 signing key (S3's "POST policy", SigV4).
 */
export const presignImageUpload = async (key: string, contentType: string) => {
  const { createPresignedPost } = await import('@aws-sdk/s3-presigned-post');
  const { url, fields } = await createPresignedPost(await client(), {
    Bucket: bucket(),
    Key: key,
    Conditions: [
      ['content-length-range', 1, MAX_IMAGE_BYTES],
      ['eq', '$Content-Type', contentType],
    ],
    Fields: { 'Content-Type': contentType },
    Expires: UPLOAD_SECONDS,
  });
  return { url, fields, key };
};

/** The uploaded object's size, or null when nothing was uploaded under the key. */
export const uploadedSize = async (key: string): Promise<number | null> => {
  try {
    const { HeadObjectCommand } = await import('@aws-sdk/client-s3');
    const head = await (await client()).send(new HeadObjectCommand({ Bucket: bucket(), Key: key }));
    return head.ContentLength ?? 0;
  } catch (error) {
    if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
    throw error;
  }
};

/** A GET link to the object, good for VIEW_SECONDS. */
export const imageViewUrl = async (key: string): Promise<string> => {
  const [{ GetObjectCommand }, { getSignedUrl }] = await Promise.all([
    import('@aws-sdk/client-s3'),
    import('@aws-sdk/s3-request-presigner'),
  ]);
  return getSignedUrl(await client(), new GetObjectCommand({ Bucket: bucket(), Key: key }), {
    expiresIn: VIEW_SECONDS,
  });
};
