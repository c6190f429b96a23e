// The catalogue's images (decision 078): an owner uploads one (POST /api/admin/images, the bytes as the body), and
// everyone is served its variants at /media/<sha256>-<width>.<webp|avif>, kept for a year by any cache (the name
// changes with the content) and answered 304 to a browser that has them.
import type { Context } from 'koa';
import {
  imageUploadMessages,
  mediaFileNamePattern,
  mediaRefOf,
  type MediaFormat,
  type MediaVariantWidth,
} from '../../contracts/catalog/images.ts';
import type { ImageUploaded } from '../../contracts/catalog/events.ts';
import { catalogApi } from '../../contracts/catalog/api.ts';
import { imageStream } from '../../contracts/shared/streams.ts';
import { handleCommand, type Decider } from '../commands.ts';
import type { ShopDeps } from '../deps.ts';
import { adminOf } from '../http/adminRouter.ts';
import { HttpError } from '../http/errors.ts';
import { commandMeta } from '../http/request.ts';
import { route, type Routers } from '../http/route.ts';
import { checkClaimedType, mediaTypeOf, payloadTooLarge, prepareImage, type ImageLimits } from './imageProcessing.ts';

type RecordUpload = { type: 'RecordUpload'; data: ImageUploaded['data'] };

/** One image's stream: its first upload is recorded; the same image again records nothing. */
export const imageDecider: Decider<{ uploaded: boolean }, RecordUpload, ImageUploaded> = {
  initialState: () => ({ uploaded: false }),
  evolve: (_state, event) => (event.type === 'ImageUploaded' ? { uploaded: true } : _state),
  decide: (command, state) => (state.uploaded ? [] : [{ type: 'ImageUploaded', data: command.data }]),
};

export function imageLimitsOf(config: ShopDeps['config']): ImageLimits {
  return { maxBytes: config.IMAGE_UPLOAD_MAX_KB * 1024, maxPixels: config.IMAGE_UPLOAD_MAX_MEGAPIXELS * 1_000_000 };
}

/**
 * The request's body, at most `maxBytes`: a larger declared length is refused before a byte is read, and a body that
 * grows past it (sent in chunks) is refused as soon as it does, the rest of it read and thrown away.
 */
function readBody(ctx: Context, maxBytes: number): Promise<Buffer> {
  const tooLarge = () => {
    ctx.set('Connection', 'close');
    return payloadTooLarge(imageUploadMessages.tooLarge(maxBytes));
  };
  const declared = Number(ctx.get('Content-Length'));
  if (Number.isFinite(declared) && declared > maxBytes) return Promise.reject(tooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const onData = (chunk: Buffer) => {
      total += chunk.length;
      if (total <= maxBytes) return void chunks.push(chunk);
      ctx.req.off('data', onData).off('end', onEnd);
      ctx.req.resume();
      reject(tooLarge());
    };
    const onEnd = () => resolve(Buffer.concat(chunks, total));
    ctx.req.on('data', onData).once('end', onEnd).once('error', reject);
  });
}

/** Images are decoded and encoded one at a time: two CPUs serve the shoppers meanwhile. */
function oneAtATime() {
  let last: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>): Promise<T> => {
    const next = last.then(work, work);
    last = next.catch(() => {});
    return next;
  };
}

const yearSeconds = 365 * 24 * 60 * 60;

/** Any other path under /media is a 404 from the shell (service/app.ts), never the web app's files or pages. */
async function serveMedia(ctx: Context, deps: ShopDeps) {
  // The whole path is matched exactly, as sent: no case folding, no decoding, nothing but a name the shop made.
  const name = /^\/media\/([^/]*)$/.exec(ctx.path)?.[1] ?? '';
  const match = mediaFileNamePattern.exec(name);
  const variant = match
    ? await deps.images.variant(match[1]!, Number(match[2]) as MediaVariantWidth, match[3] as MediaFormat)
    : null;
  if (!variant) throw new HttpError(404, 'No such image', 'not_found');
  ctx.status = 200;
  ctx.type = `image/${variant.record.format}`;
  // Each variant's own content hash: a strong validator for exactly these bytes.
  ctx.etag = variant.record.sha256;
  ctx.set('Cache-Control', `public, max-age=${yearSeconds}, immutable`);
  // Product pictures are for showing anywhere, a shared link's preview included.
  ctx.set('Cross-Origin-Resource-Policy', 'cross-origin');
  if (ctx.fresh) {
    ctx.status = 304;
    return;
  }
  ctx.body = variant.content;
}

export function imageRoutes(routers: Routers, deps: ShopDeps) {
  const limits = imageLimitsOf(deps.config);
  const inTurn = oneAtATime();

  route(routers, catalogApi.uploadImage, async (ctx) => {
    const by = adminOf(ctx);
    const type = mediaTypeOf(ctx.get('Content-Type'));
    checkClaimedType(type);
    const bytes = await readBody(ctx, limits.maxBytes);
    const image = await inTurn(() => prepareImage(bytes, type, limits));
    const { record } = image;
    await deps.images.put(image);
    const ref = mediaRefOf(record.hash);
    const meta = commandMeta(ctx, `admin:${by}`, deps.clock());
    const data = { ref, width: record.width, height: record.height, format: record.format, bytes: record.bytes };
    await handleCommand(
      deps.events,
      imageStream(record.hash),
      imageDecider,
      {
        type: 'RecordUpload',
        data: { ...data, by, at: meta.now },
      },
      meta,
    );
    ctx.status = 201;
    ctx.body = { image: { ref, width: record.width, height: record.height, format: record.format } };
  });

  route(routers, catalogApi.media, (ctx) => serveMedia(ctx, deps));
}
